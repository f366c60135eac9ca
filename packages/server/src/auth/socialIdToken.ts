import { createRemoteJWKSet, errors, jwtVerify } from 'jose'
import { IdTokenClaims } from './socialProfiles.js'
import { PROVIDER_TIMEOUT_MS, ProviderCallError } from './socialHttp.js'

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

/** The provider's signing keys, fetched once and again when an unknown kid shows up (jose's cache). */
function keySet(jwksUri: string) {
  let set = keySets.get(jwksUri)
  if (!set) keySets.set(jwksUri, (set = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: PROVIDER_TIMEOUT_MS, cooldownDuration: 30_000 })))
  return set
}

/**
 * An OpenID id_token, verified: signature by a key of the provider's JWKS (RS256/ES256 only),
 * iss among the provider's issuers, aud = our client id (azp too when several audiences), not
 * expired (one minute of clock skew), and the nonce of this sign-in.
 */
export async function verifyIdToken(
  idToken: string,
  expect: { jwksUri: string; issuers: string[]; clientId: string; nonce: string; now: number },
): Promise<ReturnType<typeof IdTokenClaims.parse>> {
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await jwtVerify(idToken, keySet(expect.jwksUri), {
      algorithms: ['RS256', 'ES256'],
      issuer: expect.issuers,
      audience: expect.clientId,
      currentDate: new Date(expect.now),
      clockTolerance: 60,
      requiredClaims: ['sub', 'iat', 'exp'],
    }))
  } catch (error) {
    const code = error instanceof errors.JOSEError ? error.code : 'invalid'
    throw new ProviderCallError(`id_token refused: ${code} ${error instanceof Error ? error.message : ''}`.trim())
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expect.clientId) throw new ProviderCallError('id_token refused: azp')
  if (payload.nonce !== expect.nonce) throw new ProviderCallError('id_token refused: nonce mismatch')
  const claims = IdTokenClaims.safeParse(payload)
  if (!claims.success) throw new ProviderCallError('id_token refused: claims')
  return claims.data
}
