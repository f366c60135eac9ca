import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { ServerConfig } from './config.js'
import { startServer } from './server.js'

export { bundlerFees, signInSponsorUser, type SponsorUser } from './smartAccounts/testing.js'

/**
 * A server for tests: in-memory PGlite (or PostgreSQL when PORTICO_TEST_DATABASE_URL is set),
 * a free port, and the caller's overrides. On PostgreSQL each test server gets a schema of its
 * own (dropped on close), so test files sharing one database never see each other's rows.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}) {
  const shared = process.env.PORTICO_TEST_DATABASE_URL
  const schema = shared && overrides.databaseUrl === undefined ? await createSchema(shared) : undefined
  const server = await startServer({
    port: 0,
    dataDir: undefined,
    // Request lines drown a test run's output; a test that reads the log passes its own destination.
    logLevel: overrides.logDestination ? 'info' : ((process.env.PORTICO_LOG_LEVEL as ServerConfig['logLevel'] | undefined) ?? 'warn'),
    databaseUrl: schema ? withSearchPath(shared!, schema) : shared,
    ...overrides,
  })
  if (!schema) return server
  const close = server.close.bind(server)
  return Object.assign(server, {
    async close(options?: Parameters<typeof close>[0]) {
      await close(options)
      await withClient(shared!, (c) => c.query(`drop schema if exists ${schema} cascade`))
    },
  })
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

async function createSchema(url: string) {
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`
  await withClient(url, (c) => c.query(`create schema ${schema}`))
  return schema
}

function withSearchPath(url: string, schema: string) {
  const u = new URL(url)
  u.searchParams.set('options', `-c search_path=${schema}`)
  return u.toString()
}
