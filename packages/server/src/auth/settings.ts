import type { AuthSettings, ServerConfig } from '../config.js'

/** The design note's rules: 6-digit codes, 10 min, single use, ≤5 tries, 1 send per 30 s, 5 per hour per email. */
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
  factorFailuresPerHour: 5,
  dpopMaxAgeSec: 300,
  now: () => Date.now(),
}

export function authSettings(config: ServerConfig): AuthSettings {
  return { ...DEFAULT_AUTH_SETTINGS, ...config.auth }
}
