import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ServerContext } from '../context.js'

/**
 * Sign-in session tokens: ES256 JWTs the server issues when it stores a SIWX session, so the
 * address's owner (and the host's backend, through /.well-known/jwks.json) can prove the sign-in.
 *
 * Claims: iss (the server's public URL), aud (the project id), sub (the address key: EVM in
 * lower case, others as signed), address (as signed), chainId (CAIP-2 of the signed message),
 * domain (the signed domain), sid (the message's nonce: the stored session), iat, exp (the
 * message's expiration time, at most tokenTtlSec after issue), jti. Header: alg ES256, kid, typ JWT.
 */
export interface SessionTokenClaims {
  iss: string
  aud: string
  sub: string
  address: string
  chainId: string
  domain: string
  sid: string
  iat: number
  exp: number
  jti: string
}

export const DEFAULT_TOKEN_TTL_SEC = 24 * 3600

export interface SessionTokens {
  readonly kid: string
  /** The public half, as /.well-known/jwks.json serves it. */
  readonly jwks: { keys: JWK[] }
  sign(claims: Omit<SessionTokenClaims, 'iss' | 'iat' | 'jti' | 'exp'> & { expiresAt?: number }): Promise<{ token: string; expiresAt: number }>
  /** The claims of a token this server issued for the project, or undefined (bad signature, expired, other project). */
  verify(token: string, projectId: string): Promise<SessionTokenClaims | undefined>
}

const states = new WeakMap<ServerContext, Promise<SessionTokens>>()

/** The server's token signer, made once per server (no module-level key). */
export function sessionTokens(ctx: ServerContext): Promise<SessionTokens> {
  let state = states.get(ctx)
  if (!state) {
    state = createSessionTokens(ctx)
    states.set(ctx, state)
  }
  return state
}

async function createSessionTokens(ctx: ServerContext): Promise<SessionTokens> {
  const { privateJwk, source } = await loadSigningKey(ctx)
  if (source === 'memory' && ctx.config.databaseUrl)
    ctx.log(
      'siwx: no siwx.signingKey (PORTICO_SIWX_SIGNING_KEY) configured; tokens are signed with a per-process key, so instances behind one load balancer will not accept each other’s tokens',
    )
  const { d: _d, ...publicPart } = privateJwk
  const kid = privateJwk.kid ?? (await calculateJwkThumbprint(publicPart))
  const publicJwk: JWK = { kty: publicPart.kty, crv: publicPart.crv, x: publicPart.x, y: publicPart.y, kid, alg: 'ES256', use: 'sig' }
  const privateKey = (await importJWK({ ...privateJwk, alg: 'ES256' }, 'ES256')) as CryptoKey
  const publicKey = (await importJWK(publicJwk, 'ES256')) as CryptoKey
  const ttl = ctx.config.siwx?.tokenTtlSec ?? DEFAULT_TOKEN_TTL_SEC
  const issuer = () => ctx.config.publicUrl

  return {
    kid,
    jwks: { keys: [publicJwk] },
    async sign({ expiresAt, ...claims }) {
      const now = Math.floor(Date.now() / 1000)
      const exp = Math.min(now + ttl, expiresAt !== undefined ? Math.floor(expiresAt / 1000) : Infinity)
      const token = await new SignJWT({ address: claims.address, chainId: claims.chainId, domain: claims.domain, sid: claims.sid })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuer(issuer())
        .setAudience(claims.aud)
        .setSubject(claims.sub)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .setJti(crypto.randomUUID())
        .sign(privateKey)
      return { token, expiresAt: exp * 1000 }
    },
    async verify(token, projectId) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: ['ES256'],
          issuer: issuer(),
          audience: projectId,
          requiredClaims: ['sub', 'exp', 'sid'],
        })
        const claims = payload as unknown as SessionTokenClaims
        if (typeof claims.sid !== 'string' || typeof claims.chainId !== 'string' || typeof claims.sub !== 'string') return undefined
        return claims
      } catch {
        return undefined
      }
    },
  }
}

/**
 * The signing key: config.siwx.signingKey (a private EC P-256 JWK; every instance needs the
 * same one); else, in development with a data directory, generated once into a file beside the
 * data directory (never inside it: a copy of the data folder mints no token); else a fresh key
 * per process (its tokens end with the process: the visitor signs in again).
 */
async function loadSigningKey(ctx: ServerContext): Promise<{ privateJwk: JWK; source: 'config' | 'dev-file' | 'memory' }> {
  const configured = ctx.config.siwx?.signingKey
  if (configured) {
    const jwk = (typeof configured === 'string' ? JSON.parse(configured) : configured) as JWK
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new Error('siwx.signingKey must be a private EC P-256 JWK (ES256)')
    return { privateJwk: jwk, source: 'config' }
  }
  const dataDir = ctx.config.databaseUrl ? undefined : ctx.config.dataDir
  if (dataDir && ctx.config.devRoutes) {
    const file = `${resolve(dataDir).replace(/[\\/]+$/, '')}.siwx-signing-key.json`
    if (!existsSync(file)) writeFileSync(file, JSON.stringify(await newKey()), { mode: 0o600, flag: 'wx' })
    chmodSync(file, 0o600)
    return { privateJwk: JSON.parse(readFileSync(file, 'utf8')) as JWK, source: 'dev-file' }
  }
  return { privateJwk: await newKey(), source: 'memory' }
}

async function newKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  return exportJWK(privateKey)
}
