import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ipfsGatewayUrl, safeFetch, SafeFetchError, type SafeFetchErrorCode } from './safeFetch.js'

interface Local {
  origin: string
  port: number
  hits: string[]
  close(): Promise<void>
}

/** An HTTP server on 127.0.0.1 that records every request path. */
async function local(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Local> {
  const hits: string[] = []
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '')
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

const json = (res: ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
const redirect = (res: ServerResponse, location: string, status = 302) => res.writeHead(status, { location }).end()

async function refusal(promise: Promise<unknown>): Promise<SafeFetchErrorCode> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SafeFetchError)
  return (error as SafeFetchError).code
}

describe('safeFetch', () => {
  let internal: Local
  let fixtures: Local
  beforeAll(async () => {
    internal = await local((_req, res) => json(res, { name: 'SECRET' }))
    fixtures = await local((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x')
      const to = url.searchParams.get('to')
      if (url.pathname === '/redirect' && to) return redirect(res, to, Number(url.searchParams.get('status') ?? 302))
      if (url.pathname === '/hops') {
        const n = Number(url.searchParams.get('n'))
        return n > 0 ? redirect(res, `/hops?n=${n - 1}`) : json(res, { name: 'arrived' })
      }
      if (url.pathname === '/big') {
        const size = Number(url.searchParams.get('size'))
        if (url.searchParams.has('length')) res.setHeader('content-length', size)
        res.writeHead(200, { 'content-type': 'application/json' })
        const chunk = Buffer.alloc(16 * 1024, 0x20)
        let sent = 0
        const pump = () => {
          while (sent < size) {
            const part = chunk.subarray(0, Math.min(chunk.length, size - sent))
            sent += part.length
            if (!res.write(part)) return void res.once('drain', pump)
          }
          res.end()
        }
        return pump()
      }
      if (url.pathname === '/slow-headers') return void setTimeout(() => json(res, { name: 'late' }), 2_000)
      if (url.pathname === '/slow-body') {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"name":')
        return void setTimeout(() => res.end('"late"}'), 2_000)
      }
      if (url.pathname === '/missing') return void res.writeHead(404).end('{}')
      json(res, { name: 'fixture', path: url.pathname, host: req.headers.host })
    })
  })
  afterAll(async () => {
    await internal?.close()
    await fixtures?.close()
  })
  const allowed = () => ({ allowOrigins: [fixtures.origin] })

  test('default: an allowed origin answers with status, final URL and body', async () => {
    const res = await safeFetch(`${fixtures.origin}/nft/1.json`, allowed())
    expect(res.status).toBe(200)
    expect(res.url).toBe(`${fixtures.origin}/nft/1.json`)
    expect(JSON.parse(res.body.toString())).toEqual({ name: 'fixture', path: '/nft/1.json', host: `127.0.0.1:${fixtures.port}` })
    expect((await safeFetch(`${fixtures.origin}/missing`, allowed())).status).toBe(404)
  })

  test('error: loopback in every spelling the URL parser accepts is refused before connecting', async () => {
    const p = internal.port
    for (const url of [
      `http://127.0.0.1:${p}/`,
      `http://2130706433:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://0x7f.1:${p}/`,
      `http://127.1:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://0.0.0.0:${p}/`,
      `https://127.0.0.1:${p}/`,
    ]) {
      expect(await refusal(safeFetch(url)), url).toBe('forbidden-address')
    }
    for (const url of [
      `http://localhost:${p}/`,
      `http://LOCALHOST.:${p}/`,
      `http://a.localhost:${p}/`,
      `http://metadata.google.internal/`,
      `http://metadata/`,
    ]) {
      expect(await refusal(safeFetch(url)), url).toBe('forbidden-address')
    }
    expect(internal.hits).toEqual([])
  })

  test('error: the allowlist is an exact origin: the same host on another port is refused', async () => {
    expect(await refusal(safeFetch(`${internal.origin}/`, allowed()))).toBe('forbidden-address')
    expect(await refusal(safeFetch(`https://127.0.0.1:${fixtures.port}/`, allowed()))).toBe('forbidden-address')
    expect(internal.hits).toEqual([])
  })

  test('error: only http and https (ipfs through a gateway); file:, data:, credentials are refused', async () => {
    for (const url of ['file:///etc/passwd', 'data:application/json,{}', 'gopher://8.8.8.8/', 'ftp://8.8.8.8/', 'ipfs://bafybeigdyrzt/1.json', 'not a url']) {
      expect(await refusal(safeFetch(url)), url).toBe('unsupported-url')
    }
    expect(await refusal(safeFetch(`http://user:pass@127.0.0.1:${fixtures.port}/`, allowed()))).toBe('unsupported-url')
  })

  test('behavior: every redirect hop is vetted again (loopback, private, metadata, other schemes)', async () => {
    const via = (to: string, status = 302) => `${fixtures.origin}/redirect?status=${status}&to=${encodeURIComponent(to)}`
    const before = fixtures.hits.length
    expect(await refusal(safeFetch(via(`${internal.origin}/secret`), allowed()))).toBe('forbidden-address')
    expect(await refusal(safeFetch(via(`http://[::ffff:127.0.0.1]:${internal.port}/`, 307), allowed()))).toBe('forbidden-address')
    expect(await refusal(safeFetch(via('http://10.0.0.1/'), allowed()))).toBe('forbidden-address')
    expect(await refusal(safeFetch(via('http://169.254.169.254/latest/meta-data/', 301), allowed()))).toBe('forbidden-address')
    expect(await refusal(safeFetch(via('http://metadata.google.internal/computeMetadata/v1/', 308), allowed()))).toBe('forbidden-address')
    expect(await refusal(safeFetch(via('http://[fd00:ec2::254]/', 303), allowed()))).toBe('forbidden-address')
    expect(await refusal(safeFetch(via('file:///etc/passwd'), allowed()))).toBe('unsupported-url')
    expect(await refusal(safeFetch(via('ipfs://bafybeigdyrzt/1.json'), { ...allowed(), ipfsGateway: `${fixtures.origin}/ipfs/` }))).toBe('unsupported-url')
    // The first hop really was fetched each time; only the redirect target was refused.
    expect(fixtures.hits.length - before).toBe(8)
    expect(internal.hits).toEqual([])
  })

  test('behavior: relative redirects within the allowed origin are followed, at most 3 by default', async () => {
    const res = await safeFetch(`${fixtures.origin}/hops?n=3`, allowed())
    expect(JSON.parse(res.body.toString())).toEqual({ name: 'arrived' })
    expect(res.url).toBe(`${fixtures.origin}/hops?n=0`)
    expect(await refusal(safeFetch(`${fixtures.origin}/hops?n=4`, allowed()))).toBe('too-many-redirects')
    expect(await refusal(safeFetch(`${fixtures.origin}/hops?n=1`, { ...allowed(), maxRedirects: 0 }))).toBe('too-many-redirects')
  })

  test('behavior: the body is capped: a stream over the limit is cut, a declared length over it is refused', async () => {
    const limit = 256 * 1024
    expect((await safeFetch(`${fixtures.origin}/big?size=${limit}`, allowed())).body.length).toBe(limit)
    expect(await refusal(safeFetch(`${fixtures.origin}/big?size=${limit + 1}`, allowed()))).toBe('too-large')
    expect(await refusal(safeFetch(`${fixtures.origin}/big?size=${50 * 1024 * 1024}`, allowed()))).toBe('too-large')
    expect(await refusal(safeFetch(`${fixtures.origin}/big?size=${limit + 1}&length`, allowed()))).toBe('too-large')
    expect(await refusal(safeFetch(`${fixtures.origin}/big?size=2000`, { ...allowed(), maxBytes: 1000 }))).toBe('too-large')
  })

  test('behavior: one deadline covers headers, body and DNS', async () => {
    for (const path of ['/slow-headers', '/slow-body']) {
      const started = Date.now()
      expect(await refusal(safeFetch(`${fixtures.origin}${path}`, { ...allowed(), timeoutMs: 200 })), path).toBe('timeout')
      expect(Date.now() - started).toBeLessThan(1_500)
    }
    const started = Date.now()
    const never = () => new Promise<never>(() => undefined)
    expect(await refusal(safeFetch('http://nft.example/1.json', { timeoutMs: 200, resolve: never }))).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(1_500)
  })

  test('behavior: a name is refused if ANY of its addresses is internal', async () => {
    const resolve = async () => [
      { address: '8.8.8.8', family: 4 as const },
      { address: '10.0.0.1', family: 4 as const },
    ]
    expect(await refusal(safeFetch('http://nft.example/1.json', { resolve }))).toBe('forbidden-address')
    const mapped = async () => [{ address: '::ffff:127.0.0.1', family: 6 as const }]
    expect(await refusal(safeFetch('http://nft.example/1.json', { resolve: mapped }))).toBe('forbidden-address')
    const none = async () => []
    expect(await refusal(safeFetch('http://nft.example/1.json', { resolve: none }))).toBe('dns')
  })

  test('behavior: the socket connects to the address that was vetted, resolved once per hop (no rebinding)', async () => {
    // nft.test has no DNS record: reaching the fixtures proves the connection used the vetted address.
    const origin = `http://nft.test:${fixtures.port}`
    const asked: string[] = []
    let answer = '127.0.0.1'
    const resolve = async (host: string) => {
      asked.push(host)
      const address = answer
      answer = '10.0.0.1' // a rebinding resolver: a second lookup would point elsewhere
      return [{ address, family: 4 as const }]
    }
    const res = await safeFetch(`${origin}/nft/7.json`, { allowOrigins: [origin], resolve })
    expect(JSON.parse(res.body.toString())).toEqual({ name: 'fixture', path: '/nft/7.json', host: `nft.test:${fixtures.port}` })
    expect(asked).toEqual(['nft.test'])
  })

  test('behavior: ipfs:// goes through the configured gateway, which is vetted like any host', async () => {
    const gateway = `${fixtures.origin}/ipfs/`
    const res = await safeFetch('ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.json', { ...allowed(), ipfsGateway: gateway })
    expect(JSON.parse(res.body.toString()).path).toBe('/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.json')
    expect(await refusal(safeFetch('ipfs://bafybeigdyrzt/1.json', { ipfsGateway: `${internal.origin}/ipfs/` }))).toBe('forbidden-address')
    expect(internal.hits).toEqual([])
  })

  test('ipfsGatewayUrl: both ipfs:// spellings; path escapes refused', () => {
    expect(ipfsGatewayUrl('ipfs://Qm123/meta/1.json', 'https://gateway.example/ipfs/')).toBe('https://gateway.example/ipfs/Qm123/meta/1.json')
    expect(ipfsGatewayUrl('ipfs://ipfs/Qm123', 'https://gateway.example/ipfs')).toBe('https://gateway.example/ipfs/Qm123')
    expect(() => ipfsGatewayUrl('ipfs://Qm123/../../admin', 'https://gateway.example/ipfs/')).toThrow(SafeFetchError)
    expect(() => ipfsGatewayUrl('ipfs://@evil.example/', 'https://gateway.example/ipfs/')).toThrow(SafeFetchError)
    expect(() => ipfsGatewayUrl('ipfs://Qm123', undefined)).toThrow(/gateway/)
  })
})
