// The portico-server command.
import { loadConfig } from './config.js'
import { startServer } from './server.js'

try {
  const server = await startServer(loadConfig())
  console.log(`Portico server listening on ${server.url} (database: ${server.db.kind}; OpenAPI at ${server.url}/openapi.json)`)
  let stopping = false
  // SIGTERM/SIGINT: /readyz turns 503, in-flight requests finish within the deadline, relay sockets get 1012.
  const stop = async () => {
    if (stopping) return
    stopping = true
    await server.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
