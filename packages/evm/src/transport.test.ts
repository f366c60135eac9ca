import { createServer, type Server } from 'node:http'
import { defineNetwork, type CaipNetwork } from '@portico/core'
import { startDevnet, type Devnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEV_PROJECT } from '@portico/server'
import { startTestServer } from '@portico/server/testing'
import { EvmAdapter } from './EvmAdapter.js'
import { rpcHostUrl } from './transport.js'

// SPEC §7 'RPC' against the real devnet (anvil): a relay in front of it records what the adapter posts.
let devnet: Devnet
let relay: Server
let relayUrl: string
let refusedUrl: string
const posts: unknown[] = []
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true, skipFixtures: true })
  const upstream = devnet.chains[0]!.rpcUrl
  relay = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    posts.push(JSON.parse(body))
    const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  relayUrl = `http://127.0.0.1:${(relay.address() as { port: number }).port}`
  // A port that was free a moment ago: connections to it are refused.
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  refusedUrl = `http://127.0.0.1:${(closed.address() as { port: number }).port}`
  await new Promise((resolve) => closed.close(resolve))
})
afterAll(async () => {
  await new Promise((resolve) => relay?.close(resolve))
  await devnet?.stop()
})

const network = (http: string[]): CaipNetwork =>
  defineNetwork({
    id: devnet.chains[0]!.chainId,
    chainNamespace: 'eip155',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http } },
  })
const TEN_THOUSAND_ETH = (10_000n * 10n ** 18n).toString()

describe("SPEC §7 'RPC'", () => {
  test('rule: there is fallback across several transports — a refusing endpoint is passed over for the next', async () => {
    const balance = await new EvmAdapter().getBalance({ address: devnet.accounts[4]!.address, caipNetwork: network([refusedUrl, devnet.chains[0]!.rpcUrl]) })
    expect(balance.value).toBe(TEN_THOUSAND_ETH)
  })

  test('rule: JSON-RPC calls made together go to the chain endpoint as one batch', async () => {
    posts.length = 0
    // The fee estimate reads the gas and the fees at once, on one client.
    const fee = await new EvmAdapter().estimateTransferFee({
      connectorId: 'x',
      caipNetwork: network([relayUrl]),
      from: devnet.accounts[3]!.address,
      to: devnet.accounts[4]!.address,
      amount: 1n,
    })
    expect(BigInt(fee.value)).toBeGreaterThan(0n)
    const batches = posts.filter((p): p is Array<{ method: string }> => Array.isArray(p))
    expect(batches.some((b) => b.length >= 2 && b.some((r) => r.method === 'eth_estimateGas'))).toBe(true)
  })
})

describe("SPEC §7 'A chain-specific RPC host is used for a known list of chains: {rpc}/v1/?chainId={id}&projectId={projectId}'", () => {
  // The real Portico server as the RPC host, its upstream for the devnet's first chain the relay
  // (which records what reaches the chain); the devnet's second chain it does not serve.
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer({
      rpcUrls: { [`eip155:${devnet.chains[0]!.chainId}`]: relayUrl },
      projects: [DEV_PROJECT],
      indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    })
  }, 60_000)
  afterAll(() => server?.close())
  const rpcHost = () => ({ apiUrl: server.url, projectId: DEV_PROJECT.projectId })
  const adapter = () => {
    const a = new EvmAdapter({ discover: (onChange) => (onChange([]), () => {}) })
    a.setup({ networks: [], events: { accountsChanged: () => {}, chainChanged: () => {}, disconnected: () => {} }, rpcHost: rpcHost() })
    return a
  }

  test('rule: the URL is {rpc}/v1/?chainId={CAIP-2 id}&projectId={projectId}, for the known chains only, and only with apiUrl', () => {
    const mainnet = defineNetwork({
      id: 1,
      chainNamespace: 'eip155',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://eth.example'] } },
    })
    expect(rpcHostUrl(mainnet, { apiUrl: 'https://api.example/', projectId: 'p1' })).toBe('https://api.example/v1/?chainId=eip155%3A1&projectId=p1')
    expect(rpcHostUrl(mainnet, undefined)).toBeUndefined()
    expect(rpcHostUrl(mainnet, { projectId: 'p1' })).toBeUndefined()
    expect(rpcHostUrl({ ...mainnet, id: 999, caipNetworkId: 'eip155:999' }, { apiUrl: 'https://api.example', projectId: 'p1' })).toBeUndefined()
  })

  test('rule: a known chain the server serves is read through the server first (the chain endpoint itself refuses here)', async () => {
    posts.length = 0
    const balance = await adapter().getBalance({ address: devnet.accounts[4]!.address, caipNetwork: network([refusedUrl]) })
    expect(balance.value).toBe(TEN_THOUSAND_ETH)
    expect(posts.length).toBeGreaterThan(0)
  })

  test("behavior: a known chain the server does not serve (404) falls back to the chain's own endpoint", async () => {
    posts.length = 0
    const second = defineNetwork({
      id: devnet.chains[1]!.chainId,
      chainNamespace: 'eip155',
      name: 'Devnet 2',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [devnet.chains[1]!.rpcUrl] } },
    })
    const balance = await adapter().getBalance({ address: devnet.accounts[4]!.address, caipNetwork: second })
    expect(balance.value).toBe(TEN_THOUSAND_ETH)
    expect(posts).toEqual([])
  })
})
