import { SignJWT, jwtVerify, type JWTPayload } from 'jose'
import { randomId, randomToken, sha256 } from './crypto.js'
import type { DeviceProof } from './dpop.js'
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
  /** The device key's thumbprint the session is bound to (cnf.jkt). */
  jkt: string
  /** The device's ECDH public key (JSON) that releases are encrypted to. */
  encKey: string | null
  /** When the login happened (refreshes keep it): fresh-login checks read it. */
  createdAt: number
  /** Until when this login may fetch the recovery material (once); undefined when it may not. */
  recoveryUntil: number | undefined
  recoveryReleasedAt: number | undefined
  factorVerifiedAt: number | undefined
  hostOrigin: string | null
}

/** Where a login came from (named in mails). */
export interface LoginOrigin {
  hostOrigin?: string | null
  userAgent?: string | null
  ip?: string | null
}

const ISSUER = 'portico-auth'

async function accessToken(auth: Auth, s: { sessionId: string; userId: string; deviceId: string; projectId: string; jkt: string }) {
  const now = Math.floor(auth.settings.now() / 1000)
  return new SignJWT({ sid: s.sessionId, did: s.deviceId, pid: s.projectId, cnf: { jkt: s.jkt } })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(s.userId)
    .setIssuedAt(now)
    .setExpirationTime(now + auth.settings.accessTokenTtlSec)
    .sign(auth.secrets.jwtKey)
}

/**
 * A session for a device key: a short-lived JWT bound to the key (cnf.jkt) plus a refresh token
 * stored only as a hash and usable only with a proof by the same key. `recovery` lets this login
 * fetch the recovery material once, within recoveryWindowMs.
 */
export async function createSession(
  auth: Auth,
  s: { userId: string; device: DeviceProof; projectId: string; method: string; recovery: boolean; origin?: LoginOrigin },
): Promise<Tokens> {
  if (!s.device.encKey) throw new AuthError(400, 'The device proof must name the device encryption key')
  const sessionId = randomId()
  const refreshToken = randomToken()
  const now = auth.settings.now()
  await auth.ctx.db.query(
    `insert into auth_sessions (id, user_id, device_id, project_id, method, refresh_hash, recovery_allowed, expires_at, created_at,
       jkt, enc_key, recovery_until, host_origin, user_agent, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      sessionId,
      s.userId,
      s.device.deviceId,
      s.projectId,
      s.method,
      sha256(refreshToken),
      s.recovery,
      new Date(now + auth.settings.refreshTokenTtlMs),
      new Date(now),
      s.device.jkt,
      s.device.encKey,
      s.recovery ? new Date(now + auth.settings.recoveryWindowMs) : null,
      s.origin?.hostOrigin ?? null,
      s.origin?.userAgent?.slice(0, 400) ?? null,
      s.origin?.ip ?? null,
    ],
  )
  return {
    accessToken: await accessToken(auth, { sessionId, userId: s.userId, deviceId: s.device.deviceId, projectId: s.projectId, jkt: s.device.jkt }),
    refreshToken,
    expiresIn: auth.settings.accessTokenTtlSec,
  }
}

/** The access token of an Authorization header (`DPoP <token>`, or `Bearer <token>`). */
export function tokenOf(header: string | undefined): string | undefined {
  return /^(?:DPoP|Bearer) (.+)$/.exec(header ?? '')?.[1]
}

const time = (value: unknown) => (value ? new Date(value as string).getTime() : undefined)

/**
 * Checks an access token, that it is bound to the key that signed this request's proof
 * (cnf.jkt), and that its session is still live (sign-out revokes at once).
 */
export async function authenticate(auth: Auth, token: string | undefined, device: DeviceProof, projectId: string): Promise<Session> {
  if (!token) throw new AuthError(401, 'Not signed in')
  let payload: JWTPayload
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
  const cnf = payload.cnf as { jkt?: unknown } | undefined
  if (!cnf || cnf.jkt !== device.jkt) throw new AuthError(401, 'This session belongs to another device key')
  const [row] = await auth.ctx.db.query<{
    user_id: string
    device_id: string
    method: string
    revoked_at: unknown
    jkt: string | null
    enc_key: string | null
    created_at: unknown
    recovery_until: unknown
    recovery_released_at: unknown
    factor_verified_at: unknown
    host_origin: string | null
  }>(
    `select user_id, device_id, method, revoked_at, jkt, enc_key, created_at, recovery_until, recovery_released_at, factor_verified_at, host_origin
     from auth_sessions where id = $1`,
    [payload.sid],
  )
  if (!row || row.revoked_at || row.user_id !== payload.sub || row.jkt !== device.jkt) throw new AuthError(401, 'Session expired')
  return {
    sessionId: String(payload.sid),
    userId: row.user_id,
    deviceId: row.device_id,
    projectId,
    method: row.method,
    jkt: row.jkt,
    encKey: row.enc_key,
    createdAt: time(row.created_at)!,
    recoveryUntil: time(row.recovery_until),
    recoveryReleasedAt: time(row.recovery_released_at),
    factorVerifiedAt: time(row.factor_verified_at),
    hostOrigin: row.host_origin,
  }
}

/**
 * Rotates the refresh token: the presented one is replaced. Presenting the previous one again
 * (a stolen copy being replayed) revokes the whole session. Only the session's device key may
 * refresh (the proof's key must be the session's).
 */
export async function refreshSession(auth: Auth, refreshToken: string, device: DeviceProof, projectId: string): Promise<Tokens> {
  const hash = sha256(refreshToken)
  const now = auth.settings.now()
  const next = randomToken()
  const [row] = await auth.ctx.db.query<{ id: string; user_id: string; device_id: string; project_id: string; jkt: string }>(
    `update auth_sessions set previous_refresh_hash = refresh_hash, refresh_hash = $2
     where refresh_hash = $1 and revoked_at is null and expires_at > $3 and device_id = $4 and project_id = $5 and jkt = $6
     returning id, user_id, device_id, project_id, jkt`,
    [hash, sha256(next), new Date(now), device.deviceId, projectId, device.jkt],
  )
  if (!row) {
    await auth.ctx.db.query('update auth_sessions set revoked_at = $2 where previous_refresh_hash = $1 and revoked_at is null', [hash, new Date(now)])
    throw new AuthError(401, 'Session expired')
  }
  return {
    accessToken: await accessToken(auth, { sessionId: row.id, userId: row.user_id, deviceId: row.device_id, projectId: row.project_id, jkt: row.jkt }),
    refreshToken: next,
    expiresIn: auth.settings.accessTokenTtlSec,
  }
}

export async function revokeSession(auth: Auth, sessionId: string) {
  await auth.ctx.db.query('update auth_sessions set revoked_at = $2 where id = $1 and revoked_at is null', [sessionId, new Date(auth.settings.now())])
}
