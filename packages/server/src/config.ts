// The server's configuration: one zod schema (config/schema.ts, a file per domain), its sources
// and checks (config/load.ts), the development defaults (config/dev.ts). Reference: docs/server-config.md.
export { ServerConfigSchema, type ServerConfig, type ServerConfigInput } from './config/schema.js'
export { ProjectConfigSchema, DEV_PROJECT, type ProjectConfig } from './config/projects.js'
export type { AuthKeyName, AuthKeyService, AuthSettings } from './config/auth.js'
export type { SocialProvidersConfig } from './config/social.js'
export { DEFAULT_CONFIG, DEV_CLI_DEFAULTS } from './config/dev.js'
export { loadConfig, HELP } from './config/load.js'
export { ConfigError } from './config/errors.js'
export { primaryRpcUrl, rpcUrlList } from './config/rpc.js'

/** Request limits (config.rateLimits). */
export type RateLimitConfig = import('./config/schema.js').ServerConfig['rateLimits']
