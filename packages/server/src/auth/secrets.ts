import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ServerConfig } from '../config.js'

export interface AuthSecrets {
  /** HMAC key for one-time codes. */
  otpKey: Buffer
  /** Encrypts the per-device auth shares and one half of the recovery pair. */
  shareKey: Buffer
  /** Encrypts the other half of the recovery pair (keep it in a separate KMS in production). */
  recoveryKey: Buffer
  /** Signs session JWTs (HS256). */
  jwtKey: Buffer
}

const NAMES = ['otpKey', 'shareKey', 'recoveryKey', 'jwtKey'] as const

/**
 * Secrets from config.authSecrets; else from <dataDir>/auth-secrets.json, generated (0600) at
 * first start; else random per process (in-memory databases only). Never hard-coded.
 */
export function loadAuthSecrets(config: ServerConfig): AuthSecrets {
  const decode = (raw: Record<string, string>): AuthSecrets => {
    const out = {} as AuthSecrets
    for (const name of NAMES) {
      const value = raw[name]
      const bytes = value ? Buffer.from(value, 'base64') : Buffer.alloc(0)
      if (bytes.length !== 32) throw new Error(`auth secret ${name} must be 32 bytes in base64`)
      out[name] = bytes
    }
    return out
  }
  if (config.authSecrets) return decode(config.authSecrets)
  const generate = () => Object.fromEntries(NAMES.map((n) => [n, randomBytes(32).toString('base64')])) as Record<string, string>
  if (!config.dataDir || config.databaseUrl) {
    // A shared PostgreSQL needs the same secrets on every instance: they must be configured.
    if (config.databaseUrl && !process.env.VITEST) throw new Error('authSecrets must be configured when DATABASE_URL is used')
    return decode(generate())
  }
  const file = join(config.dataDir, 'auth-secrets.json')
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true })
    writeFileSync(file, JSON.stringify(generate(), null, 2), { mode: 0o600, flag: 'wx' })
  }
  chmodSync(file, 0o600)
  return decode(JSON.parse(readFileSync(file, 'utf8')))
}
