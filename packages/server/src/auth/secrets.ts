import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import type { AuthKeyName, AuthKeyService, ServerConfig } from '../config.js'

export interface AuthSecrets {
  /** HMAC key for one-time codes. */
  otpKey: Buffer
  /** Encrypts the per-device auth shares, the factor material and one half of the recovery pair. */
  shareKey: Buffer
  /** Encrypts the other half of the recovery pair (keep it in a separate key service in production). */
  recoveryKey: Buffer
  /** Signs session JWTs (HS256). */
  jwtKey: Buffer
}

export const AUTH_KEY_NAMES = ['otpKey', 'shareKey', 'recoveryKey', 'jwtKey'] as const satisfies readonly AuthKeyName[]
export type { AuthKeyName, AuthKeyService }

/** Where the secrets came from (logged at start; never the values). */
export type AuthSecretsSource = 'config' | 'environment' | 'file' | 'key-service' | 'dev-file' | 'memory'

function decode(raw: Record<string, unknown>, where: string): AuthSecrets {
  const out = {} as AuthSecrets
  for (const name of AUTH_KEY_NAMES) {
    const value = raw[name]
    const bytes = typeof value === 'string' ? Buffer.from(value, 'base64') : Buffer.alloc(0)
    if (bytes.length !== 32) throw new Error(`auth secret ${name} (${where}) must be 32 bytes in base64`)
    out[name] = bytes
  }
  if (new Set(AUTH_KEY_NAMES.map((n) => out[n].toString('hex'))).size !== AUTH_KEY_NAMES.length)
    throw new Error(`auth secrets (${where}) must be four different keys`)
  return out
}

/** A fresh set of secrets as the JSON a secrets file holds (base64, 32 bytes each). */
export function generateAuthSecrets(): Record<AuthKeyName, string> {
  return Object.fromEntries(AUTH_KEY_NAMES.map((n) => [n, randomBytes(32).toString('base64')])) as Record<AuthKeyName, string>
}

/** The real path of `path` (or of its nearest existing parent, for files not made yet). */
function realish(path: string): string {
  let current = resolve(path)
  const rest: string[] = []
  while (!existsSync(current)) {
    const parent = dirname(current)
    if (parent === current) break
    rest.unshift(current.slice(parent.length + 1))
    current = parent
  }
  return join(realpathSync(current), ...rest)
}

/** True when `file` is the data directory or inside it (symlinks resolved). */
export function insideDataDir(file: string, dataDir: string | undefined): boolean {
  if (!dataDir) return false
  const rel = relative(realish(dataDir), realish(file))
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/** Development: generated keys live beside the database's directory, never inside it. */
export function devSecretsFile(dataDir: string): string {
  return `${resolve(dataDir).replace(/[\\/]+$/, '')}.auth-secrets.json`
}

/**
 * The auth server's keys, from configuration outside the data directory, in this order:
 * config.authKeyService (a KMS-style service), config.authSecrets, PORTICO_AUTH_SECRETS (JSON),
 * config.authSecretsFile / PORTICO_AUTH_SECRETS_FILE (a JSON file, mode 0600). Without any:
 * random per process for an in-memory database; in development (devRoutes) generated once into
 * devSecretsFile(dataDir), a file BESIDE the data directory; in production the start is refused.
 * A secrets file inside the data directory is always refused, so a copy of the data folder
 * rebuilds no wallet and mints no token (CUSTODY.md).
 */
export async function loadAuthSecrets(
  config: ServerConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ secrets: AuthSecrets; source: AuthSecretsSource }> {
  const dataDir = config.databaseUrl ? undefined : config.dataDir
  const development = Boolean(config.devRoutes) && env.NODE_ENV !== 'production'
  if (config.authKeyService) {
    const service = config.authKeyService
    const raw: Record<string, string> = {}
    for (const name of AUTH_KEY_NAMES) raw[name] = Buffer.from(await service.getKey(name)).toString('base64')
    return { secrets: decode(raw, `key service ${service.name}`), source: 'key-service' }
  }
  if (config.authSecrets) return { secrets: decode(config.authSecrets, 'config.authSecrets'), source: 'config' }
  if (env.PORTICO_AUTH_SECRETS) return { secrets: decode(JSON.parse(env.PORTICO_AUTH_SECRETS), 'PORTICO_AUTH_SECRETS'), source: 'environment' }
  const file = config.authSecretsFile ?? env.PORTICO_AUTH_SECRETS_FILE
  if (file) {
    if (insideDataDir(file, config.dataDir))
      throw new Error(`The auth secrets file ${file} is inside the data directory ${config.dataDir}: keep it elsewhere (CUSTODY.md)`)
    if (!existsSync(file)) throw new Error(`The auth secrets file ${file} does not exist`)
    return { secrets: decode(JSON.parse(readFileSync(file, 'utf8')), file), source: 'file' }
  }
  if (!dataDir) {
    // A shared PostgreSQL needs the same secrets on every instance: they must be configured.
    if (config.databaseUrl && !env.VITEST) throw new Error('Auth secrets must be configured when DATABASE_URL is used (PORTICO_AUTH_SECRETS_FILE)')
    return { secrets: decode(generateAuthSecrets(), 'generated'), source: 'memory' }
  }
  const legacy = join(dataDir, 'auth-secrets.json')
  if (!development) {
    throw new Error(
      existsSync(legacy)
        ? `${legacy} holds the auth secrets inside the data directory: move it outside and set PORTICO_AUTH_SECRETS_FILE (CUSTODY.md)`
        : 'The embedded wallet needs its auth secrets configured outside the data directory: set PORTICO_AUTH_SECRETS_FILE (CUSTODY.md)',
    )
  }
  const devFile = devSecretsFile(dataDir)
  if (existsSync(legacy) && !existsSync(devFile)) renameSync(legacy, devFile) // an older dev data dir: move its keys out
  if (!existsSync(devFile)) {
    mkdirSync(dirname(devFile), { recursive: true })
    writeFileSync(devFile, JSON.stringify(generateAuthSecrets(), null, 2), { mode: 0o600, flag: 'wx' })
  }
  chmodSync(devFile, 0o600)
  return { secrets: decode(JSON.parse(readFileSync(devFile, 'utf8')), devFile), source: 'dev-file' }
}
