// The portico-server command: configuration from --config, PORTICO_* and flags (config/load.ts), checked
// before anything listens; a bad value prints `portico: config <key>: …` and exits 1.
import { loadConfig } from './config.js'
import { startServer } from './server.js'

try {
  const server = await startServer(loadConfig())
  const embedded = server.embedded
  server.ctx.logger?.info(
    {
      url: server.url,
      database: server.db.kind,
      openapi: `${server.url}/openapi.json`,
      ...(embedded ? { secureFrame: embedded.secureFrameUrl } : {}),
      ...(embedded?.mailCatcherPort ? { devMail: `${server.url}/dev/mail` } : {}),
      ...(embedded?.devIdentityProviderUrl ? { devIdentityProvider: embedded.devIdentityProviderUrl } : {}),
    },
    'Portico server listening',
  )
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
