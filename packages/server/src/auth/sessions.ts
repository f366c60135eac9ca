import { SignJWT, jwtVerify } from 'jose'
import { randomId, randomToken, sha256 } from './crypto.js'
import { AuthError, type Auth } from './state.js'

export interface Tokens {
  accessToken: string
  refreshToken: string
  expiresIn: number
}

export interface Session {
  sessionId: string
  userId: string
  deviceId: string
  projectId: string
  method: string
  recoveryAllowed: boolean
}

const ISSUER = 'portico-auth'

async function accessToken(auth: Auth, s: Omit<Session, 'recoveryAllowed' | 'method'>) {
  const now = Math.floor(auth.settings.now() / 1000)
  return new SignJWT({ sid: s.sessionId, did: s.deviceId, pid: s.projectId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(s.userId)
    .setIssuedAt(now)
    .setExpirationTime(now + auth.settings.accessTokenTtlSec)
    .sign(auth.secrets.jwtKey)
}

/** A session for a device: a short-lived JWT plus a refresh token stored only as a hash. */
export async function createSession(
  auth: Auth,
  s: { userId: string; deviceId: string; projectId: string; method: string; recoveryAllowed: boolean },
): Promise<Tokens> {
  const sessionId = randomId()
  const refreshToken = randomToken()
  const now = auth.settings.now()
  await auth.ctx.db.query(
    `insert into auth_sessions (id, user_id, device_id, project_id, method, refresh_hash, recovery_allowed, expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [sessionId, s.userId, s.deviceId, s.projectId, s.method, sha256(refreshToken), s.recoveryAllowed, new Date(now + auth.settings.refreshTokenTtlMs), new Date(now)],
  )
  return { accessToken: await accessToken(auth, { sessionId, ...s }), refreshToken, expiresIn: auth.settings.accessTokenTtlSec }
}

/** Checks a bearer token and that its session is still live (sign-out revokes at once). */
export async function authenticate(auth: Auth, header: string | undefined, projectId: string): Promise<Session> {
  const token = /^Bearer (.+)$/.exec(header ?? '')?.[1]
  if (!token) throw new AuthError(401, 'Not signed in')
  let payload
  try {
    ;({ payload } = await jwtVerify(token, auth.secrets.jwtKey, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: new Date(auth.settings.now()),
    }))
  } catch {
    throw new AuthError(401, 'Session expired')
  }
  if (payload.pid !== projectId) throw new AuthError(401, 'Session belongs to another project')
  const [row] = await auth.ctx.db.query<{ user_id: string; device_id: string; method: string; recovery_allowed: boolean; revoked_at: unknown }>(
    'select user_id, device_id, method, recovery_allowed, revoked_at from auth_sessions where id = $1',
    [payload.sid],
  )
  if (!row || row.revoked_at || row.user_id !== payload.sub) throw new AuthError(401, 'Session expired')
  return {
    sessionId: String(payload.sid),
    userId: row.user_id,
    deviceId: row.device_id,
    projectId,
    method: row.method,
    recoveryAllowed: row.recovery_allowed,
  }
}

/**
 * Rotates the refresh token: the presented one is replaced. Presenting the previous one again
 * (a stolen copy being replayed) revokes the whole session.
 */
export async function refreshSession(auth: Auth, refreshToken: string, deviceId: string, projectId: string): Promise<Tokens> {
  const hash = sha256(refreshToken)
  const now = auth.settings.now()
  const next = randomToken()
  const [row] = await auth.ctx.db.query<{ id: string; user_id: string; device_id: string; project_id: string }>(
    `update auth_sessions set previous_refresh_hash = refresh_hash, refresh_hash = $2
     where refresh_hash = $1 and revoked_at is null and expires_at > $3 and device_id = $4 and project_id = $5
     returning id, user_id, device_id, project_id`,
    [hash, sha256(next), new Date(now), deviceId, projectId],
  )
  if (!row) {
    await auth.ctx.db.query('update auth_sessions set revoked_at = $2 where previous_refresh_hash = $1 and revoked_at is null', [hash, new Date(now)])
    throw new AuthError(401, 'Session expired')
  }
  return {
    accessToken: await accessToken(auth, { sessionId: row.id, userId: row.user_id, deviceId: row.device_id, projectId: row.project_id }),
    refreshToken: next,
    expiresIn: auth.settings.accessTokenTtlSec,
  }
}

export async function revokeSession(auth: Auth, sessionId: string) {
  await auth.ctx.db.query('update auth_sessions set revoked_at = $2 where id = $1 and revoked_at is null', [sessionId, new Date(auth.settings.now())])
}
