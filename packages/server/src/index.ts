export { startServer, type PorticoServer } from './server.js'
export {
  loadConfig,
  ConfigError,
  ServerConfigSchema,
  DEFAULT_CONFIG,
  DEV_PROJECT,
  type ServerConfig,
  type ServerConfigInput,
  type ProjectConfig,
} from './config.js'
export { openDatabase, type Database } from './db/database.js'
export { migrate } from './db/migrate.js'
