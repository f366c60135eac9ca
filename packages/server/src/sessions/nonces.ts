import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.js'

/** How long a nonce may wait for its signature: the message-age limit of verify.ts. */
export const DEFAULT_NONCE_TTL_MS = 10 * 60_000

/**
 * The address key of a nonce issued before the account is known (SPEC §4 one-click auth: the
 * WalletConnect request carries the nonce, the wallet picks the account). Any address may use it, once.
 */
export const ANY_ADDRESS = '*'

/**
 * A one-time nonce for a SIWX message of `addressKey` (or ANY_ADDRESS) in the project: 32 hex characters (EIP-4361
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
 * Uses up a nonce: true only for the one caller whose delete removed it (same project, issued
 * for this address or for any, unexpired). A second use of the same signed message finds nothing.
 */
export async function consumeNonce(db: Queryable, projectId: string, addressKey: string, nonce: string): Promise<boolean> {
  const rows = await db.query(
    'delete from siwx_nonces where nonce = $1 and project_id = $2 and address_key in ($3, $4) and expires_at > now() returning nonce',
    [nonce, projectId, addressKey, ANY_ADDRESS],
  )
  return rows.length === 1
}
