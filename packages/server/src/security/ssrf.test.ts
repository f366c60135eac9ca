// @vitest-environment node
// The attack: an ERC721 whose tokenURI points inside the server's network. Before safeFetch the
// server fetched it (following redirects) and served the body's `name` back through the NFTs list
// and the history: a readable SSRF. These tests run it against the real server on a real anvil.
import { startDevnet, type Devnet } from '@portico/devnet'
import artifacts from '@portico/devnet/artifacts.json' with { type: 'json' }
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Abi, Address, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devClients, devnetServerConfig, waitFor } from '../chain/testing.js'
import { startTestServer } from '../testing.js'

const SECRET = 'SECRET-internal-only'
const nftAbi = artifacts.contracts.PorticoNFT.abi as Abi
const nftBytecode = artifacts.contracts.PorticoNFT.bytecode as Hex

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const hits: string[] = []
  const server = createServer((req, res) => {
    hits.push(req.url ?? '')
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

type Local = Awaited<ReturnType<typeof listen>>

let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
let internal: Local
let attacker: Local
const logs: string[] = []
/** Receives every attack token; holds nothing else. */
const VICTIM: Address = '0x000000000000000000000000000000000000dEaD'
const CHAIN = 'eip155:31337'
/** tokenURI = base + id + '.json', so each attack is a base URI and the token ids the attacker server routes by. */
let attacks: Array<{ what: string; contract: Address; tokenId: bigint; refusedHost: string }>
let control: { contract: Address; tokenId: bigint }

beforeAll(async () => {
  // Stands in for anything only the server can reach: an admin port, a database console, metadata.
  internal = await listen((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: SECRET, image: 'http://internal.example/x.png' })),
  )
  // Stands in for a public host the attacker owns (so it is allowlisted here, like any public address).
  const redirects: Record<string, string> = {
    '/1.json': `http://127.0.0.1:${internal.port}/admin`,
    '/2.json': 'http://10.0.0.1/',
    '/3.json': 'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    '/4.json': `http://[::ffff:127.0.0.1]:${internal.port}/admin`,
    '/5.json': `http://2130706433:${internal.port}/admin`,
  }
  attacker = await listen((req, res) => {
    const to = redirects[req.url ?? '']
    if (to) return void res.writeHead(302, { location: to }).end()
    if (req.url === '/img.png') return void res.writeHead(302, { location: `http://127.0.0.1:${internal.port}/admin.png` }).end()
    // The control's metadata: a public name, and an image that redirects inside the network.
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'Attacker public name', image: `${attacker.origin}/img.png` }))
  })

  devnet = await startDevnet({ randomPorts: true })
  // Protection on: only the fixtures (and the "public" attacker host) are exempt; the internal port is not.
  server = await startTestServer(devnetServerConfig(devnet, { outboundAllowOrigins: [devnet.fixturesUrl, attacker.origin] }))
  server.ctx.log = (...args: unknown[]) => void logs.push(args.map(String).join(' '))

  const chain = devnet.chains[0]!
  const { wallet, client } = devClients(chain, devnet.accounts[0]!.privateKey)
  const deploy = async (baseURI: string) => {
    const hash = await wallet.deployContract({ abi: nftAbi, bytecode: nftBytecode, args: [baseURI] })
    return (await client.waitForTransactionReceipt({ hash })).contractAddress!
  }
  const mint = async (contract: Address, tokenId: bigint) => {
    const hash = await wallet.writeContract({ address: contract, abi: nftAbi, functionName: 'mint', args: [VICTIM, tokenId] })
    await client.waitForTransactionReceipt({ hash })
  }
  const direct = await deploy(`${internal.origin}/nft/`)
  const decimal = await deploy(`http://2130706433:${internal.port}/nft/`)
  const mapped = await deploy(`http://[::ffff:127.0.0.1]:${internal.port}/nft/`)
  const localhost = await deploy(`http://localhost:${internal.port}/nft/`)
  const redirecting = await deploy(`${attacker.origin}/`)
  attacks = [
    { what: 'tokenURI on loopback, another port', contract: direct, tokenId: 1n, refusedHost: '127.0.0.1' },
    { what: 'tokenURI on loopback in decimal form', contract: decimal, tokenId: 1n, refusedHost: '127.0.0.1' },
    { what: 'tokenURI on IPv4-mapped IPv6 loopback', contract: mapped, tokenId: 1n, refusedHost: '::ffff:7f00:1' },
    { what: 'tokenURI on localhost', contract: localhost, tokenId: 1n, refusedHost: 'localhost' },
    { what: 'redirect to loopback', contract: redirecting, tokenId: 1n, refusedHost: '127.0.0.1' },
    { what: 'redirect to 10.0.0.1', contract: redirecting, tokenId: 2n, refusedHost: '10.0.0.1' },
    { what: 'redirect to 169.254.169.254', contract: redirecting, tokenId: 3n, refusedHost: '169.254.169.254' },
    { what: 'redirect to IPv4-mapped loopback', contract: redirecting, tokenId: 4n, refusedHost: '::ffff:7f00:1' },
    { what: 'redirect to decimal loopback', contract: redirecting, tokenId: 5n, refusedHost: '127.0.0.1' },
  ]
  control = { contract: redirecting, tokenId: 6n }
  for (const { contract, tokenId } of [...attacks, control]) await mint(contract, tokenId)
}, 60_000)

afterAll(async () => {
  await server?.close()
  await devnet?.stop()
  await internal?.close()
  await attacker?.close()
})

const api = async (path: string) => {
  const res = await fetch(`${server.url}${path}?projectId=portico-dev&chainId=${CHAIN}`)
  const text = await res.text()
  return { status: res.status, text, body: JSON.parse(text) }
}
const tokenCount = () => attacks.length + 1

/** Every attack was refused by address, after the attacker's first hop where there was one. */
function expectRefused() {
  expect(internal.hits).toEqual([])
  for (const attack of attacks) {
    const line = logs.find((l) => l.includes(`${attack.contract.toLowerCase()} #${attack.tokenId}`) && l.includes('nft metadata refused'))
    expect(line, attack.what).toBeDefined()
    expect(line, attack.what).toContain(attack.refusedHost)
  }
  // The redirects were really served: the refusal happened on the second hop.
  expect([...new Set(attacker.hits)].sort()).toEqual(['/1.json', '/2.json', '/3.json', '/4.json', '/5.json', '/6.json'])
}

describe('SSRF through NFT metadata (tokenURI chosen by any contract)', () => {
  test('error: the history never shows an internal body, and no request reaches the internal server', async () => {
    const { status, text, body } = await waitFor(
      async () => {
        const got = await api(`/v1/account/${VICTIM}/history`)
        return got.body.data?.length === tokenCount() ? got : null
      },
      { what: 'the indexer to list the attack mints', timeoutMs: 30_000 },
    )
    expect(status).toBe(200)
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain('internal.example')
    const names = (body.data as any[]).map((t) => t.transfers[0].nft_info.name)
    expect(names).toContain('Attacker public name') // the control: a public host's name does come through
    expect(names.filter((n: string) => n !== 'Attacker public name').every((n: string) => /^Portico Punks #\d+$/.test(n))).toBe(true)
    expectRefused()
  })

  test('error: the NFTs list never shows an internal body, fetched afresh', async () => {
    await server.db.query('delete from nft_metadata')
    logs.length = 0
    const { status, text, body } = await waitFor(
      async () => {
        const got = await api(`/v1/account/${VICTIM}/nfts`)
        return got.body.nfts?.length === tokenCount() ? got : null
      },
      { what: 'the attack mints in the NFTs list', timeoutMs: 30_000 },
    )
    expect(status).toBe(200)
    expect(text).not.toContain(SECRET)
    const byToken = new Map((body.nfts as any[]).map((n) => [`${n.contract}/${n.tokenId}`, n]))
    for (const attack of attacks) {
      expect(byToken.get(`${attack.contract.toLowerCase()}/${attack.tokenId}`), attack.what).toEqual(
        expect.objectContaining({ name: `#${attack.tokenId}`, image: null }),
      )
    }
    expect(byToken.get(`${control.contract.toLowerCase()}/${control.tokenId}`)).toMatchObject({ name: 'Attacker public name' })
    expectRefused()
  })

  test('default: the devnet fixtures (the one allowlisted loopback origin) still serve their metadata', async () => {
    const body = await waitFor(
      async () => {
        const { body } = await api(`/v1/account/${devnet.accounts[0]!.address}/nfts`)
        return body.nfts?.length ? body : null
      },
      { what: 'the fixture mints', timeoutMs: 30_000 },
    )
    const nft = body.nfts[0]
    expect(nft).toMatchObject({ name: 'Portico Punks #1', image: `${server.url}/icons/nft/${encodeURIComponent(CHAIN)}/${nft.contract}/1` })
    // The image comes through the server's proxy, as an image that can run nothing.
    const image = await fetch(nft.image)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(image.headers.get('content-security-policy')).toContain('sandbox')
    expect(await image.text()).toContain('<svg')
  })
})

describe("SSRF and tracking through NFT images (the metadata's image URL, also the contract's choice)", () => {
  test('error: the API serves only proxied image URLs; an image redirecting inside the network is refused by the proxy, and nothing reaches the internal server', async () => {
    const { text, body } = await waitFor(
      async () => {
        const got = await api(`/v1/account/${VICTIM}/nfts`)
        return got.body.nfts?.length === tokenCount() ? got : null
      },
      { what: 'the NFTs list', timeoutMs: 30_000 },
    )
    // The visitor's browser is never handed the metadata's own URL.
    expect(text).not.toContain(`${attacker.origin}/img.png`)
    const nft = (body.nfts as any[]).find((n) => n.contract === control.contract.toLowerCase() && n.tokenId === String(control.tokenId))
    expect(nft.image).toBe(`${server.url}/icons/nft/${encodeURIComponent(CHAIN)}/${control.contract.toLowerCase()}/${control.tokenId}`)
    const hitsBefore = attacker.hits.length
    const proxied = await fetch(nft.image)
    expect(proxied.status).toBe(502)
    expect(await proxied.text()).not.toContain(SECRET)
    expect(attacker.hits.slice(hitsBefore)).toEqual(['/img.png']) // the first hop was made; the redirect was not followed
    expect(internal.hits).toEqual([])
    expect(logs.some((l) => l.includes('nft image refused') && l.includes('127.0.0.1'))).toBe(true)

    // No open proxy: a token whose metadata this server never read, or malformed paths, get 404.
    const unknownToken = await fetch(`${server.url}/icons/nft/${encodeURIComponent(CHAIN)}/${control.contract.toLowerCase()}/999999`)
    expect(unknownToken.status).toBe(404)
    for (const path of [`eip155:1/../../admin/1`, `eip155:31337/http:%2F%2F127.0.0.1/1`, `eip155:31337/${control.contract.toLowerCase()}/1e3`])
      expect((await fetch(`${server.url}/icons/nft/${path}`)).status, path).toBe(404)
  })
})
