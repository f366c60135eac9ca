// The portico-server command.
import { loadConfig } from './config.js'
import { startServer } from './server.js'

try {
  const server = await startServer(loadConfig())
  server.ctx.logger?.info({ url: server.url, database: server.db.kind, openapi: `${server.url}/openapi.json` }, 'Portico server listening')
  let stopping = false
  // SIGTERM/SIGINT: /readyz turns 503, in-flight requests finish within the deadline, relay sockets get 1012.
  const stop = async () => {
    if (stopping) return
    stopping = true
    server.ctx.logger?.info('shutting down')
    await server.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
