import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { initialsOf, walletIconSvg } from './icons.js'
import { loadSeedWallets, seedWallets } from './registry.js'
import { startTestServer } from '../testing.js'

// Startup (PGlite + migrations) can be slow on a loaded machine, hence the hook timeouts.
let server: Awaited<ReturnType<typeof startTestServer>>
const seed = loadSeedWallets().wallets
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { perIpPerMinute: 10_000, perProjectPerMinute: 10_000 } })
}, 120_000)
afterAll(() => server?.close(), 60_000)

type WalletsBody = { count: number; data: Array<Record<string, unknown> & { id: string; order: number; chains: string[] }> }
const get = async (query = '') => fetch(`${server.url}/getWallets?projectId=portico-dev${query}`)
const wallets = async (query = '') => {
  const res = await get(query)
  expect(res.status).toBe(200)
  return (await res.json()) as WalletsBody
}

describe('GET /getWallets', () => {
  test('the seed holds at least 40 real wallets with the fields the modal needs', () => {
    expect(seed.length).toBeGreaterThanOrEqual(40)
    const byId = new Map(seed.map((w) => [w.id, w]))
    expect(byId.get('metamask')).toMatchObject({ rdns: 'io.metamask', mobile_link: 'metamask://' })
    for (const rdns of [
      'io.metamask',
      'com.coinbase.wallet',
      'app.phantom',
      'io.rabby',
      'com.trustwallet.app',
      'me.rainbow',
      'io.zerion.wallet',
      'com.okex.wallet',
      'com.brave.wallet',
      'com.bitget.web3',
    ])
      expect(seed.some((w) => w.rdns === rdns)).toBe(true)
  })

  test('first page: 40 by default, ordered, with absolute image URLs and the count of all', async () => {
    const body = await wallets()
    expect(body.count).toBe(seed.length)
    expect(body.data).toHaveLength(40)
    expect(body.data.map((w) => w.order)).toEqual([...body.data.map((w) => w.order)].sort((a, b) => a - b))
    const first = body.data[0]!
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'name',
        'homepage',
        'image_url',
        'order',
        'mobile_link',
        'desktop_link',
        'webapp_link',
        'app_store',
        'play_store',
        'rdns',
        'chains',
        'injected',
      ].sort(),
    )
    expect(first).toMatchObject({ id: 'metamask', name: 'MetaMask', image_url: `${server.url}/icons/wallets/metamask.svg`, order: 1 })
    expect(first.injected).toEqual([{ namespace: 'eip155', injected_id: 'isMetaMask' }])
  })

  test('the bundled list: at least 300 wallets, with rdns, injected ids, mobile and desktop links where their sources have them', () => {
    expect(seed.length).toBeGreaterThanOrEqual(300)
    expect(seed.filter((w) => w.rdns).length).toBeGreaterThanOrEqual(100)
    expect(seed.filter((w) => w.injected.length).length).toBeGreaterThanOrEqual(40)
    expect(seed.filter((w) => w.mobile_link).length).toBeGreaterThanOrEqual(300)
    expect(seed.filter((w) => w.desktop_link).length).toBeGreaterThanOrEqual(50)
    expect(new Set(seed.map((w) => w.id)).size).toBe(seed.length)
  })

  test('paging: page 2 holds the rest; a page past the end is empty', async () => {
    const page2 = await wallets('&page=2&entries=40')
    expect(page2.data.map((w) => w.id)).toEqual(seed.slice(40, 80).map((w) => w.id))
    const small = await wallets('&page=3&entries=5')
    expect(small.data.map((w) => w.id)).toEqual(seed.slice(10, 15).map((w) => w.id))
    const past = await wallets('&page=999')
    expect(past).toEqual({ count: seed.length, data: [] })
    expect((await wallets('&entries=100')).data).toHaveLength(Math.min(100, seed.length))
  })

  test('search is a case-insensitive name match; wildcards are literal', async () => {
    expect((await wallets('&search=METAMASK')).data.map((w) => w.id)).toEqual(['metamask'])
    // Wallets of the generated part of the bundled list (scripts/wallet-registry.ts) are found too.
    expect((await wallets('&search=fireblocks')).data.map((w) => w.name)).toEqual(['Fireblocks'])
    expect((await wallets('&search=wallet')).count).toBeGreaterThan(5)
    expect((await wallets('&search=%25')).count).toBe(0)
    expect((await wallets('&search=_')).count).toBe(0)
  })

  test('include, exclude, rdns and chains filters', async () => {
    expect((await wallets('&include=rainbow,metamask')).data.map((w) => w.id)).toEqual(['metamask', 'rainbow'])
    const excluded = await wallets('&exclude=metamask,trust&entries=100')
    expect(excluded.count).toBe(seed.length - 2)
    expect(excluded.data.some((w) => w.id === 'metamask' || w.id === 'trust')).toBe(false)
    expect((await wallets('&rdns=io.rabby,app.phantom')).data.map((w) => w.id).sort()).toEqual(['phantom', 'rabby'])
    const solana = await wallets('&chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&entries=100')
    expect(solana.data.length).toBeGreaterThan(5)
    expect(solana.data.every((w) => w.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(true)
    // A local EVM chain: wallets that accept any EVM network match.
    const local = await wallets('&chains=eip155:31337&entries=100')
    expect(local.data.map((w) => w.id)).toContain('metamask')
    expect(local.data.map((w) => w.id)).not.toContain('phantom')
    const combined = await wallets('&chains=polkadot:91b171bb158e2d3848fa23a9f1c25182&search=tal')
    expect(combined.data.map((w) => w.id)).toEqual(['talisman'])
  })

  test('error: malformed params are a 400 with reasons, never a 500', async () => {
    const bad = [
      '&page=0',
      '&page=-1',
      '&page=abc',
      '&page=1.5',
      '&page=99999999999999999999',
      '&entries=0',
      '&entries=101',
      '&entries=1e2',
      `&search=${'x'.repeat(101)}`,
      '&chains=ethereum',
      '&chains=eip155:1,notachain',
      '&include=%27%3B%20drop%20table%20wallets',
      `&exclude=${Array.from({ length: 201 }, (_, i) => `w${i}`).join(',')}`,
      '&rdns=not rdns',
      `&include=${'a'.repeat(10_000)}`,
    ]
    for (const query of bad) {
      const res = await get(query)
      expect(res.status, query.slice(0, 60)).toBe(400)
      const body = await res.json()
      expect(body.error).toBe('Invalid request')
      expect(body.reasons[0].description).toEqual(expect.any(String))
    }
    expect((await fetch(`${server.url}/getWallets`)).status).toBe(400)
    expect((await fetch(`${server.url}/getWallets?projectId=nope`)).status).toBe(403)
  })

  test('seeding again is a no-op; the registry is intact', async () => {
    expect(await seedWallets(server.db)).toBe(false)
    expect((await wallets()).count).toBe(seed.length)
  })
})

describe('wallet icons', () => {
  test('an SVG per wallet, cacheable, without a projectId', async () => {
    const res = await fetch(`${server.url}/icons/wallets/metamask.svg`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/)
    const svg = await res.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('#F6851B')
    expect(svg).toContain('>MM</text>')
    const again = await fetch(`${server.url}/icons/wallets/metamask.svg`, { headers: { 'If-None-Match': res.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })

  test('every listed image_url resolves', async () => {
    const body = await wallets('&entries=100')
    const statuses = await Promise.all(body.data.map(async (w) => (await fetch(w.image_url as string)).status))
    expect(new Set(statuses)).toEqual(new Set([200]))
  })

  test('error: unknown or malformed icon names are a JSON 404', async () => {
    for (const name of ['nope.svg', 'metamask.png', '..%2Fetc.svg', 'META.svg']) {
      const res = await fetch(`${server.url}/icons/wallets/${name}`)
      expect(res.status, name).toBe(404)
    }
  })

  test('initials and escaping', () => {
    expect(initialsOf('MetaMask')).toBe('MM')
    expect(initialsOf('Trust Wallet')).toBe('T')
    expect(initialsOf('Coinbase Wallet')).toBe('C')
    expect(initialsOf('Ledger Live')).toBe('LL')
    expect(initialsOf('Safe')).toBe('S')
    const svg = walletIconSvg({ name: '<b>&', color: '#FFFFFF' })
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('fill="#141414"')
  })
})
