// One Portico server instance as a process of its own, for e2e/multi-instance.e2e.ts (which kills it
// with SIGKILL to stand for a crashed host). Its configuration comes as JSON in
// PORTICO_INSTANCE_CONFIG; it prints one READY line with its URL once it listens. SIGTERM: graceful stop.
import { startServer } from '@portico/server'

const config = JSON.parse(process.env.PORTICO_INSTANCE_CONFIG ?? '{}')
const server = await startServer(config)
process.stdout.write(`PORTICO_INSTANCE_READY ${server.url}\n`)
let stopping = false
process.on('SIGTERM', async () => {
  if (stopping) return
  stopping = true
  await server.close()
  process.exit(0)
})
