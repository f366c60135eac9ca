import type { ServerConfig } from './config.js'
import { startServer } from './server.js'

/**
 * A server for tests: in-memory PGlite (or PostgreSQL when PORTICO_TEST_DATABASE_URL is set),
 * a free port, and the caller's overrides.
 */
export function startTestServer(overrides: Partial<ServerConfig> = {}) {
  return startServer({
    port: 0,
    dataDir: undefined,
    databaseUrl: process.env.PORTICO_TEST_DATABASE_URL,
    ...overrides,
  })
}
