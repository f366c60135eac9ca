import type { Queryable } from '../db/database.js'
import type { SiwxSession, SiwxSessionInput } from './schemas.js'

interface Row {
  data: unknown
  message: string
  signature: string
  cacao: unknown
  created_at: Date | string
}

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)

function toSession(row: Row): SiwxSession {
  const session: SiwxSession = {
    data: parse(row.data),
    message: row.message,
    signature: row.signature,
    createdAt: new Date(row.created_at).toISOString(),
  }
  if (row.cacao != null) session.cacao = parse(row.cacao)
  return session
}

/** Unexpired sessions of an address in a project, optionally for one chain; oldest first. */
export async function listSessions(db: Queryable, projectId: string, addressKey: string, chainId?: string): Promise<SiwxSession[]> {
  const rows = await db.query<Row>(
    `select data, message, signature, cacao, created_at from siwx_sessions
     where project_id = $1 and address_key = $2 and ($3::text is null or chain_id = $3)
       and (expires_at is null or expires_at > now())
     order by created_at, id limit 500`,
    [projectId, addressKey, chainId ?? null],
  )
  return rows.map(toSession)
}

/** Stores a session; the same (chain, nonce) replaces the earlier one. Expired rows of the address are swept. */
export async function addSession(db: Queryable, projectId: string, addressKey: string, input: SiwxSessionInput): Promise<SiwxSession> {
  await db.query('delete from siwx_sessions where project_id = $1 and address_key = $2 and expires_at <= now()', [projectId, addressKey])
  const [row] = await db.query<Row>(
    `insert into siwx_sessions (project_id, address_key, chain_id, nonce, data, message, signature, cacao, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (project_id, address_key, chain_id, nonce) do update set data = excluded.data, message = excluded.message,
       signature = excluded.signature, cacao = excluded.cacao, expires_at = excluded.expires_at, created_at = now()
     returning data, message, signature, cacao, created_at`,
    [
      projectId,
      addressKey,
      input.data.chainId,
      input.data.nonce,
      JSON.stringify(input.data),
      input.message,
      input.signature,
      input.cacao === undefined ? null : JSON.stringify(input.cacao),
      input.data.expirationTime ? new Date(input.data.expirationTime).toISOString() : null,
    ],
  )
  return toSession(row!)
}

/** Whether the session a token names (by chain and nonce) is still stored and unexpired. */
export async function sessionLive(db: Queryable, projectId: string, addressKey: string, chainId: string, nonce: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from siwx_sessions where project_id = $1 and address_key = $2 and chain_id = $3 and nonce = $4
       and (expires_at is null or expires_at > now())`,
    [projectId, addressKey, chainId, nonce],
  )
  return rows.length > 0
}

/** Deletes the matching sessions; returns how many. */
export async function revokeSessions(db: Queryable, projectId: string, addressKey: string, filter: { chainId?: string; nonce?: string }): Promise<number> {
  // Expired sessions are gone already as far as clients know: drop them first so they are not counted.
  await db.query('delete from siwx_sessions where project_id = $1 and address_key = $2 and expires_at <= now()', [projectId, addressKey])
  const rows = await db.query<{ id: string }>(
    `delete from siwx_sessions where project_id = $1 and address_key = $2
       and ($3::text is null or chain_id = $3) and ($4::text is null or nonce = $4) returning id`,
    [projectId, addressKey, filter.chainId ?? null, filter.nonce ?? null],
  )
  return rows.length
}
