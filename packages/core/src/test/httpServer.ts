import { createServer, type IncomingMessage } from 'node:http'

export interface Recorded {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  headers: Record<string, string | string[] | undefined>
}

/**
 * A real local HTTP server answering from a route table, for the client rules that depend on
 * what a server says (statuses the Portico server cannot be made to give on demand, like 503).
 */
export async function startHttpServer(routes: Record<string, (req: Recorded) => { status?: number; json?: unknown }>) {
  const requests: Recorded[] = []
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const recorded = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body: await readBody(req), headers: req.headers }
    requests.push(recorded)
    const handler = routes[`${recorded.method} ${recorded.path}`]
    const { status = 200, json = {} } = handler ? handler(recorded) : { status: 404, json: { error: 'Not Found' } }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((r) => server.close(() => r())) }
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString()
  return text ? JSON.parse(text) : undefined
}
