import type { AuthSettings, ServerConfig } from '../config.js'

/**
 * The design note's rules: 6-digit codes, 10 min, single use, ≤5 tries, 1 send per 30 s, 5 per hour per email.
 * Wrong factor proofs: 3 free per device, then waits from 1 min doubling to 1 day (auth/factorTries.ts).
 */
export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  otpDigits: 6,
  otpTtlMs: 10 * 60_000,
  otpMaxAttempts: 5,
  sendCooldownMs: 30_000,
  sendsPerHourPerEmail: 5,
  sendsPerHourPerIp: 30,
  accessTokenTtlSec: 15 * 60,
  refreshTokenTtlMs: 30 * 24 * 3600_000,
  deviceApprovalTtlMs: 15 * 60_000,
  socialStateTtlMs: 10 * 60_000,
  recoveryWindowMs: 5 * 60_000,
  freshProofMs: 5 * 60_000,
  factorFreeTriesPerDevice: 3,
  factorFreeTriesPerUser: 10,
  factorDelayMs: 60_000,
  factorMaxDelayMs: 24 * 3600_000,
  factorFailureMemoryMs: 7 * 24 * 3600_000,
  factorNoticeEveryMs: 3600_000,
  dpopMaxAgeSec: 300,
  now: () => Date.now(),
}

export function authSettings(config: ServerConfig): AuthSettings {
  return { ...DEFAULT_AUTH_SETTINGS, ...config.auth }
}
