import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The strict policy of issue 19: no 'unsafe-inline' anywhere, and everything from the page's own origin. */
export const STRICT_CSP = "default-src 'self'; style-src 'self'; script-src 'self'"

/** The demo's build for journeys; PORTICO_E2E_DIST gives a second run in the same tree a folder of its own. */
export const DEMO_DIST = resolve(process.env.PORTICO_E2E_DIST ?? fileURLToPath(new URL('../.demo-dist', import.meta.url)))

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
}

export interface CspSite {
  url: string
  /** Where a page of this site reaches an upstream (e.g. a chain's RPC) from its own origin. */
  proxied(upstream: string): string
  close(): Promise<void>
}

/**
 * Serves the built demo with a Content-Security-Policy header. Under `default-src 'self'` the
 * page may only connect to its own origin, so the upstreams (the Portico server, the chains'
 * RPCs) are reverse-proxied under /__up/<n>/ and their origins rewritten in everything served:
 * the policy stays exactly the one asked for and the journeys still run against the real parts.
 */
export async function startCspSite({ dir = DEMO_DIST, csp = STRICT_CSP, upstreams }: { dir?: string; csp?: string; upstreams: string[] }): Promise<CspSite> {
  const origins = [...new Set(upstreams.map((u) => new URL(u).origin))]
  let self = ''
  const prefix = (i: number) => `${self}/__up/${i}`
  // Longest first, and never a port that another one continues (":3000" inside ":30001").
  const rewrite = (text: string) => origins.reduce((t, origin, i) => t.replace(new RegExp(`${origin.replace(/[.:/]/g, '\\$&')}(?!\\d)`, 'g'), prefix(i)), text)

  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const match = /^\/__up\/(\d+)(\/.*)?$/.exec(path)
    if (match) return proxy(req, res, origins[Number(match[1])]!, (req.url ?? '/').slice(`/__up/${match[1]}`.length) || '/')
    let file = normalize(join(dir, path))
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html')
    const type = TYPES[extname(file)] ?? 'application/octet-stream'
    const body = type.startsWith('text/') || type === 'application/json' ? rewrite(readFileSync(file, 'utf8')) : readFileSync(file)
    res.writeHead(200, { 'content-type': type, 'content-security-policy': csp, 'cache-control': 'no-store' })
    res.end(body)
  })

  function proxy(req: IncomingMessage, res: ServerResponse, origin: string, path: string) {
    const target = new URL(path, origin)
    // A same-origin GET carries no Origin header; the Portico server checks the project's allowed origins.
    const headers = { ...req.headers, host: target.host, origin: req.headers.origin ?? self, 'accept-encoding': 'identity' }
    const upstream = request(target, { method: req.method, headers }, (up) => {
      const type = String(up.headers['content-type'] ?? '')
      const textual = /json|text|javascript|svg/.test(type)
      const out = { ...up.headers }
      if (textual) delete out['content-length']
      res.writeHead(up.statusCode ?? 502, out)
      if (!textual) return void up.pipe(res)
      const chunks: Buffer[] = []
      up.on('data', (c: Buffer) => chunks.push(c))
      up.on('end', () => res.end(rewrite(Buffer.concat(chunks).toString('utf8'))))
    })
    upstream.on('error', () => (res.headersSent ? res.end() : res.writeHead(502).end()))
    req.pipe(upstream)
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  self = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return {
    url: `${self}/`,
    proxied: (upstream) => rewrite(upstream),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
