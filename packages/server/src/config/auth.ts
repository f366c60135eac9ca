import { z } from 'zod'
import { base64Key, nonNegativeInt, port, positiveInt, programmatic, secret } from './fields.js'

/** The names of the auth server's secrets (auth/secrets.ts). */
export type AuthKeyName = 'otpKey' | 'shareKey' | 'recoveryKey' | 'jwtKey'

/**
 * A KMS-style key service: the server asks it once per key at start (for example a KMS that
 * unwraps data keys stored wrapped). Keys never come from the data directory.
 */
export interface AuthKeyService {
  /** Named in logs and errors ('aws-kms', 'vault', …). */
  readonly name: string
  /** The named key: 32 bytes. */
  getKey(name: AuthKeyName): Promise<Uint8Array>
}

const authSettings = z.strictObject({
  otpDigits: z.number().int().min(6).max(8).optional().describe('Digits of a login code (6).'),
  otpTtlMs: positiveInt().optional().describe('How long a code works (10 min).'),
  otpMaxAttempts: positiveInt().optional().describe('Tries per code (5).'),
  sendCooldownMs: nonNegativeInt().optional().describe('Between two sends to one email (30 s).'),
  sendsPerHourPerEmail: positiveInt().optional().describe('Mails per email per hour (5).'),
  sendsPerHourPerIp: positiveInt().optional().describe('Mails per client address per hour (30).'),
  accessTokenTtlSec: positiveInt().optional().describe('Access token life (15 min).'),
  refreshTokenTtlMs: positiveInt().optional().describe('Refresh token life (30 days).'),
  deviceApprovalTtlMs: positiveInt().optional().describe('How long a device approval link works (15 min).'),
  socialStateTtlMs: positiveInt().optional().describe('How long a social login may take (10 min).'),
  recoveryWindowMs: positiveInt().optional().describe('After a login, how long a new device may fetch the recovery material once (5 min).'),
  freshProofMs: positiveInt().optional().describe('How long a factor proof counts as fresh (5 min).'),
  factorFreeTriesPerDevice: positiveInt()
    .optional()
    .describe('Wrong passkey or password proofs a device (its DPoP key) may make before each further one must wait (3).'),
  factorFreeTriesPerUser: positiveInt()
    .optional()
    .describe(
      "Wrong proofs across a user's devices before a device that already failed also waits for the user's delay (10); a device that has not failed is never held back.",
    ),
  factorDelayMs: positiveInt().optional().describe('The first wait after the free tries (1 min); it doubles with every further wrong proof.'),
  factorMaxDelayMs: positiveInt().optional().describe('The longest wait between wrong proofs (1 day).'),
  factorFailureMemoryMs: positiveInt().optional().describe('Wrong proofs are forgotten after this long without one (7 days).'),
  factorNoticeEveryMs: positiveInt().optional().describe('At most one mail about wrong proofs per device in this time (1 h).'),
  dpopMaxAgeSec: positiveInt().optional().describe('How old a DPoP proof may be (300 s).'),
  now: programmatic(z.custom<() => number>((v) => typeof v === 'function').optional()).describe('The clock (tests).'),
})

/** Auth tunables (defaults in auth/settings.ts). */
export type AuthSettings = Required<z.output<typeof authSettings>>

/** The embedded wallet: its secure origin, secrets and sessions. */
export const authShape = {
  secureFrame: z
    .strictObject({
      port: port(0).describe('Port of the secure origin (a second origin served by this process); 0 picks a free one.'),
      host: z.string().optional().describe('Listen address of the secure origin (default: host).'),
      publicUrl: z.string().url().optional().describe('Its public URL (default http://<publicHost>:<port>).'),
      assetsDir: z.string().optional().describe('The built frame (default: dist/secure-frame in the package, else packages/secure-frame/dist).'),
      publicHost: z.string().optional().describe("Host name in the default public URL: passkeys need a domain ('localhost' in development)."),
    })
    .optional()
    .describe('The embedded wallet (email and social login) on a second origin; off when absent. Flag --secure-frame-port.'),
  authSecrets: z
    .strictObject({
      otpKey: secret(base64Key()).describe('HMAC key of login codes.'),
      shareKey: secret(base64Key()).describe('Wraps the server-held key shares.'),
      recoveryKey: secret(base64Key()).describe('Wraps recovery material.'),
      jwtKey: secret(base64Key()).describe('Signs session tokens.'),
    })
    .optional()
    .describe(
      'The auth secrets (32 bytes base64 each; `openssl rand -base64 32`), e.g. PORTICO_AUTH_SECRETS_JWT_KEY_FILE=/run/secrets/jwt. Required outside --dev when secureFrame is on (or authSecretsFile, PORTICO_AUTH_SECRETS as JSON, or authKeyService). Never inside the data directory.',
    ),
  authSecretsFile: z.string().min(1).optional().describe('A JSON file with the four auth secrets, outside the data directory (mode 0600).'),
  authKeyService: programmatic(z.custom<AuthKeyService>((v) => typeof v === 'object' && v !== null && 'getKey' in v).optional()).describe(
    'A KMS-style key service the auth secrets come from (code only).',
  ),
  auth: authSettings.optional().describe('Auth tunables.'),
  siwx: z
    .strictObject({
      signingKey: secret(z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional()).describe(
        'Signs SIWX session tokens: a private EC P-256 JWK (JSON). Every instance needs the same one; required outside --dev.',
      ),
      nonceTtlMs: positiveInt().optional().describe('How long a nonce waits for its signature (10 min).'),
      tokenTtlSec: positiveInt().optional().describe("A token's longest life (1 day)."),
    })
    .optional()
    .describe('Sign-in with X (SIWX) sessions.'),
}
