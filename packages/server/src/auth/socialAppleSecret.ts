import { importPKCS8, SignJWT } from 'jose'

const LIFETIME_S = 60 * 60
const cache = new Map<string, { jwt: string; until: number }>()

/**
 * Sign in with Apple's client secret: an ES256 JWT by the team's Sign in with Apple key
 * (iss = team id, sub = the Services ID, aud = Apple's issuer, kid = the key id). Apple accepts
 * up to six months; this one lives an hour and is made again ten minutes before it ends.
 */
export async function appleClientSecret(opts: { teamId: string; keyId: string; privateKey: string; clientId: string; audience: string; now: number }) {
  const key = `${opts.teamId}:${opts.keyId}:${opts.clientId}:${opts.audience}`
  const hit = cache.get(key)
  if (hit && hit.until > opts.now) return hit.jwt
  const iat = Math.floor(opts.now / 1000)
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: opts.keyId })
    .setIssuer(opts.teamId)
    .setSubject(opts.clientId)
    .setAudience(opts.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LIFETIME_S)
    .sign(await importPKCS8(opts.privateKey, 'ES256'))
  cache.set(key, { jwt, until: opts.now + (LIFETIME_S - 600) * 1000 })
  return jwt
}
