import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.js'

/** How long a nonce may wait for its signature: the message-age limit of verify.ts. */
export const DEFAULT_NONCE_TTL_MS = 10 * 60_000

/**
 * A one-time nonce for a SIWX message of `addressKey` in the project: 32 hex characters (EIP-4361
 * wants 8+ alphanumerics) from a cryptographic source. Expired nonces are swept on the way.
 */
export async function issueNonce(db: Queryable, projectId: string, addressKey: string, ttlMs = DEFAULT_NONCE_TTL_MS) {
  await db.query('delete from siwx_nonces where expires_at <= now()')
  const nonce = randomBytes(16).toString('hex')
  const expiresAt = new Date(Date.now() + ttlMs)
  await db.query('insert into siwx_nonces (nonce, project_id, address_key, expires_at) values ($1, $2, $3, $4)', [nonce, projectId, addressKey, expiresAt])
  return { nonce, expiresAt: expiresAt.toISOString() }
}

/**
 * Uses up a nonce: true only for the one caller whose delete removed it (same project and
 * address, unexpired). A second use of the same signed message finds nothing.
 */
export async function consumeNonce(db: Queryable, projectId: string, addressKey: string, nonce: string): Promise<boolean> {
  const rows = await db.query('delete from siwx_nonces where nonce = $1 and project_id = $2 and address_key = $3 and expires_at > now() returning nonce', [
    nonce,
    projectId,
    addressKey,
  ])
  return rows.length === 1
}
