import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestServer } from '../testing.js'
import { iconType } from './sync.js'

/**
 * config.walletRegistry against a local server that answers the WalletConnect explorer API's documented
 * paths and shapes: GET /v3/wallets?projectId=&entries=&page= ({ listings: { [id]: listing }, count, total },
 * paged) and GET /v3/logo/md/{image_id}?projectId= (the image's bytes).
 */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 1)])
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
const hex = (n: number) => n.toString(16).padStart(64, '0')

const listing = (n: number, extra: Record<string, unknown> = {}) => ({
  id: hex(n),
  name: `Explorer Wallet ${n}`,
  slug: `explorer-wallet-${n}`,
  homepage: `https://wallet${n}.example`,
  chains: ['eip155:1', 'eip155:8453'],
  image_id: `0000000${n}-aaaa-bbbb-cccc-dddddddddddd`,
  image_url: { sm: 'x', md: 'x', lg: 'x' },
  app: { browser: null, ios: `https://apps.apple.com/app/id${n}`, android: null, mac: null, windows: null, linux: null, chrome: null, firefox: null },
  injected: n === 1 ? [{ namespace: 'eip155', injected_id: 'isExplorerOne' }] : null,
  rdns: n === 1 ? 'example.wallet1' : null,
  mobile: { native: `wallet${n}://`, universal: `https://wallet${n}.example/wc` },
  desktop: { native: null, universal: null },
  metadata: { shortName: null, colors: { primary: '#112233', secondary: null } },
  ...extra,
})
let catalogue = [listing(1), listing(2), listing(3, { chains: [] }), listing(4), listing(5, { homepage: 'not a url' }), listing(6)]
let failing = false
const requests: string[] = []
let api: Server
let base = ''

beforeAll(async () => {
  api = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x')
    requests.push(`${url.pathname}?${url.searchParams}`)
    if (failing) return res.writeHead(503).end()
    if (url.searchParams.get('projectId') !== 'explorer-key') return res.writeHead(401).end()
    if (url.pathname === '/v3/wallets') {
      const entries = Number(url.searchParams.get('entries'))
      const page = Number(url.searchParams.get('page'))
      const slice = catalogue.slice((page - 1) * entries, page * entries)
      const body = { listings: Object.fromEntries(slice.map((l) => [l.id, l])), count: catalogue.length, total: catalogue.length }
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }
    const logo = /^\/v3\/logo\/md\/0000000(\d)-/.exec(url.pathname)
    if (logo) {
      const image = { 1: PNG, 2: SVG, 4: WEBP }[Number(logo[1]) as 1 | 2 | 4]
      // Logo 2 claims to be a PNG: the bytes decide.
      return image ? res.writeHead(200, { 'content-type': 'image/png' }).end(image) : res.writeHead(404).end()
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(api.address() as { port: number }).port}/v3`
})
afterAll(() => new Promise((r) => api.close(r)))

type Wallets = {
  count: number
  data: Array<{ id: string; name: string; image_url: string; rdns: string | null; mobile_link: string | null; injected: unknown[] }>
}

test('a production server syncs the registry page by page, mirrors the icons and serves them itself; a failed sync keeps the wallets', async () => {
  const server = await startTestServer({
    walletRegistry: { url: base, projectId: 'explorer-key', pageSize: 2, intervalMs: 400, timeoutMs: 2_000, maxIconBytes: 4_096 },
  })
  try {
    const wallets = async () => (await (await fetch(`${server.url}/getWallets?projectId=portico-dev&entries=100`)).json()) as Wallets
    const until = Date.now() + 30_000
    while ((await wallets()).count !== 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 100))
    const body = await wallets()
    // Invalid listings (no chain, a homepage that is not a URL) are skipped; the bundled list is replaced.
    expect(body.data.map((w) => w.name)).toEqual(['Explorer Wallet 1', 'Explorer Wallet 2', 'Explorer Wallet 4', 'Explorer Wallet 6'])
    expect(body.data[0]).toMatchObject({
      id: hex(1),
      rdns: 'example.wallet1',
      mobile_link: 'wallet1://',
      injected: [{ namespace: 'eip155', injected_id: 'isExplorerOne' }],
    })
    expect(requests.filter((r) => r.startsWith('/v3/wallets')).slice(0, 3)).toEqual(
      [1, 2, 3].map((page) => `/v3/wallets?projectId=explorer-key&entries=2&page=${page}`),
    )

    // Icons: PNG and WebP mirrored and served from the server's own origin; an SVG (even one called a PNG) and a 404 keep a generated icon.
    const [one, two, four, six] = body.data
    expect(one!.image_url).toBe(`${server.url}/icons/wallets/00000001-aaaa-bbbb-cccc-dddddddddddd.png`)
    expect(four!.image_url.endsWith('.webp')).toBe(true)
    expect(two!.image_url.endsWith('.svg')).toBe(true)
    expect(six!.image_url.endsWith('.svg')).toBe(true)
    const png = await fetch(one!.image_url)
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(png.headers.get('content-security-policy')).toBe("default-src 'none'")
    expect(Buffer.from(await png.arrayBuffer()).equals(PNG)).toBe(true)
    expect((await fetch(one!.image_url.replace('.png', '.webp'))).status).toBe(404)
    expect((await fetch(two!.image_url)).headers.get('content-type')).toContain('image/svg+xml')

    // The API fails: the next syncs change nothing.
    failing = true
    const failedAt = requests.length
    while (requests.length === failedAt) await new Promise((r) => setTimeout(r, 100))
    await new Promise((r) => setTimeout(r, 300))
    expect((await wallets()).count).toBe(4)

    // It answers again, one wallet fewer: the next sync removes it.
    catalogue = catalogue.filter((l) => l.id !== hex(2))
    failing = false
    const again = Date.now() + 15_000
    while ((await wallets()).count !== 3 && Date.now() < again) await new Promise((r) => setTimeout(r, 100))
    expect((await wallets()).data.map((w) => w.name)).toEqual(['Explorer Wallet 1', 'Explorer Wallet 4', 'Explorer Wallet 6'])
  } finally {
    await server.close()
  }
}, 120_000)

test('icon types come from the bytes', () => {
  expect(iconType(PNG)).toBe('image/png')
  expect(iconType(WEBP)).toBe('image/webp')
  expect(iconType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
  expect(iconType(SVG)).toBeUndefined()
})
