import { createRoute, z } from '@hono/zod-openapi'
import { ErrorText, OAuthSocialProviders, OTP_PATTERN } from '@portico/core/spec'
import { errorResponses, json, jsonBody } from '../http/responses.js'
import { CommonQuery } from '../schemas.js'

/** The auth API's contract (the frame's requests, SPEC §5): schemas and OpenAPI route definitions; routes.ts answers them. */

const Otp = z.string().regex(OTP_PATTERN, ErrorText.codeRequired)
const Query = z.object(CommonQuery)
const Tokens = z.object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: z.number() }).openapi('AuthTokens')
const Secured = [{ dpop: [] }]
const KeyProof = z.object({ challenge: z.string().max(64), signature: z.string().max(200) })
const FactorProof = z.object({ id: z.string().max(64), challenge: z.string().max(64), proof: z.string().max(100) })
const FactorKind = z.enum(['passkey', 'password'])
const Factors = z
  .object({
    protected: z.boolean(),
    factors: z.array(
      z.object({
        id: z.string(),
        kind: FactorKind,
        createdAt: z.string(),
        lastUsedAt: z.string().nullable(),
        credentialId: z.string().optional(),
        prfSalt: z.string().optional(),
        kdf: z.record(z.string(), z.unknown()).optional(),
      }),
    ),
  })
  .openapi('AuthFactors')

const responses = <T extends z.ZodType>(schema: T, description: string) => ({
  200: json(schema, description),
  ...errorResponses,
  401: json(z.object({ error: z.string() }), 'No valid device proof, not signed in, or session expired'),
  409: json(z.object({ error: z.string() }), 'Conflict'),
  503: json(z.object({ error: z.string() }), 'Not configured'),
})
const post = <B extends z.ZodType, R extends z.ZodType>(path: string, summary: string, schema: B, result: R, secured = false) =>
  createRoute({
    method: 'post',
    path,
    summary,
    tags: ['auth'],
    request: { query: Query, body: jsonBody(schema) },
    responses: responses(result, 'OK'),
    ...(secured ? { security: Secured } : {}),
  })
const get = <R extends z.ZodType>(path: string, summary: string, result: R) =>
  createRoute({ method: 'get', path, summary, tags: ['auth'], request: { query: Query }, responses: responses(result, 'OK'), security: Secured })

export const routes = {
  emailStart: post(
    '/auth/email/start',
    'CONNECT_EMAIL: mail a login code (VERIFY_OTP); the same answer whether or not the email has a wallet',
    z.object({ email: z.string().max(320), hostOrigin: z.string().max(300).optional() }),
    z.object({ action: z.literal('VERIFY_OTP'), challengeId: z.string() }),
  ),
  emailVerify: post(
    '/auth/email/verify',
    'CONNECT_OTP: check the code and sign the device key in, or (a known wallet on a new device) mail an approval link naming the request and a match code (VERIFY_DEVICE)',
    z.object({ challengeId: z.string().max(64), otp: Otp, hostOrigin: z.string().max(300).optional() }),
    z.union([Tokens, z.object({ action: z.literal('VERIFY_DEVICE'), approvalId: z.string(), matchCode: z.string() })]),
  ),
  deviceStatus: post(
    '/auth/device/status',
    'CONNECT_DEVICE polls this (by the device key that verified the code) until the approval link was used; then, once, the session',
    z.object({ approvalId: z.string().max(64) }),
    z.union([z.object({ approved: z.literal(false) }), Tokens.extend({ approved: z.literal(true) })]),
  ),
  refresh: post(
    '/auth/session/refresh',
    "Rotate the refresh token (only the session's device key may)",
    z.object({ refreshToken: z.string().max(200) }),
    Tokens,
  ),
  signOut: post('/auth/session/signout', 'SIGN_OUT: revoke the session', z.object({}), z.object({}), true),
  me: get(
    '/auth/me',
    'The signed-in user',
    z.object({
      email: z.string().nullable(),
      userName: z.string().optional(),
      socialProvider: z.string().optional(),
      preferredAccountType: z.enum(['eoa', 'smartAccount']),
      protected: z.boolean(),
    }),
  ),
  wallet: get(
    '/auth/wallet',
    "The secret hash and addresses, this device's auth share encrypted to its key, or whether this login may recover",
    z.object({
      wallet: z
        .object({
          secretHash: z.string(),
          addresses: z.record(z.string(), z.string()),
          authShare: z.string().optional(),
          recovery: z
            .object({
              available: z.boolean(),
              protected: z.boolean(),
              factors: z.array(
                z.object({
                  id: z.string(),
                  kind: FactorKind,
                  credentialId: z.string().optional(),
                  prfSalt: z.string().optional(),
                  kdf: z.record(z.string(), z.unknown()).optional(),
                }),
              ),
              reason: z.string().optional(),
            })
            .optional(),
        })
        .nullable(),
    }),
  ),
  createWallet: post(
    '/auth/wallet',
    'The first device stores its auth share, the recovery pair, the secret hash and the addresses',
    z.object({ secretHash: z.string(), addresses: z.record(z.string(), z.string()), authShare: z.string(), recoveryShares: z.array(z.string()) }),
    z.object({}),
    true,
  ),
  recover: post(
    '/auth/wallet/recover',
    'A new device: the recovery material, once per login and within minutes of it, encrypted to the device key (a protected wallet needs a factor proof)',
    z.object({ factor: FactorProof.optional() }),
    z.object({ recovery: z.string() }),
    true,
  ),
  deviceShare: post(
    '/auth/wallet/device-share',
    "A new device that rebuilt the key stores its 2-of-2's auth share (with a proof by the wallet key)",
    z.object({ authShare: z.string(), keyProof: KeyProof }),
    z.object({}),
    true,
  ),
  challenge: post(
    '/auth/challenge',
    'A single-use challenge for a key proof or a factor proof',
    z.object({ purpose: z.enum(['key', 'factor']) }),
    z.object({ challenge: z.string(), expiresIn: z.number() }),
    true,
  ),
  factors: get('/auth/factors', 'The passkeys and passwords that protect the wallet', Factors),
  addFactor: post(
    '/auth/factors',
    'Add a passkey (PRF) or password; the first one comes with a new recovery split whose first half the frame wrapped',
    z.object({
      kind: FactorKind,
      credentialId: z.string().max(1400).optional(),
      prfSalt: z.string().max(64).optional(),
      kdf: z.record(z.string(), z.unknown()).optional(),
      authKey: z.string().max(64),
      wrappedKey: z.string().max(400),
      recovery: z.object({ wrappedShare: z.string().max(400), serverShare: z.string().max(200) }).optional(),
      keyProof: KeyProof,
    }),
    Factors,
    true,
  ),
  verifyFactor: post(
    '/auth/factors/verify',
    'A factor proof (fresh proof for email and factor changes)',
    z.object({ factor: FactorProof }),
    z.object({ verifiedAt: z.string() }),
    true,
  ),
  removeFactor: post(
    '/auth/factors/remove',
    'Remove a factor (fresh factor proof and key proof; the last one returns the recovery to the server-held pair)',
    z.object({ id: z.string().max(64), keyProof: KeyProof, recovery: z.array(z.string().max(200)).optional() }),
    Factors,
    true,
  ),
  accountType: post(
    '/auth/account-type',
    'SET_PREFERRED_ACCOUNT: store the preferred account type',
    z.object({ type: z.enum(['eoa', 'smartAccount']) }),
    z.object({ type: z.enum(['eoa', 'smartAccount']) }),
    true,
  ),
  updateEmail: post(
    '/auth/email/update',
    'UPDATE_EMAIL: start a change of email (needs fresh proof: a code to the current email, a passkey/password proof, or a fresh sign-in)',
    z.object({ email: z.string().max(320) }),
    z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
    true,
  ),
  updatePrimary: post('/auth/email/update/primary', 'UPDATE_EMAIL_PRIMARY_OTP: the code sent to the current email', z.object({ otp: Otp }), z.object({}), true),
  updateSecondary: post(
    '/auth/email/update/secondary',
    'UPDATE_EMAIL_SECONDARY_OTP: the code sent to the new email',
    z.object({ otp: Otp }),
    z.object({ newEmail: z.string() }),
    true,
  ),
  socialStart: post(
    '/auth/social/start',
    'GET_SOCIAL_REDIRECT_URI: the provider authorize URL (code + PKCE + state + nonce), bound to the device key',
    z.object({ provider: z.enum(OAuthSocialProviders), hostOrigin: z.string().max(300) }),
    z.object({ uri: z.string(), binding: z.string() }),
  ),
  socialComplete: post(
    '/auth/social/complete',
    'CONNECT_SOCIAL: the result the server redeemed at the callback, for the device key that started the sign-in',
    z.object({ binding: z.string().max(100) }),
    Tokens,
  ),
  farcasterStart: post(
    '/auth/farcaster/start',
    'GET_FARCASTER_URI: open a relay channel (the Farcaster relay of config.farcaster; under --dev without it, the local stand-in)',
    z.object({}),
    z.object({ url: z.string(), channelToken: z.string(), binding: z.string() }),
  ),
  farcasterStatus: post(
    '/auth/farcaster/status',
    'CONNECT_FARCASTER polls this until the channel was approved (the signed message verified on Optimism)',
    z.object({ channelToken: z.string().max(100), binding: z.string().max(100), hostOrigin: z.string().max(300).optional() }),
    z.object({
      state: z.enum(['pending', 'completed']),
      accessToken: z.string().optional(),
      refreshToken: z.string().optional(),
      expiresIn: z.number().optional(),
    }),
  ),
}
