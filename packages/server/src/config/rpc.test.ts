import { createServer, type Server } from 'node:http'
import { startDevnet, type Devnet } from '@portico/devnet'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ensClient, evmClientFor, viemChain } from './rpc.js'

/** Chain clients from configuration, against the real devnet: viem's chain by id, fallback over a URL list, batching. */
let devnet: Devnet
let counting: Server
let countingUrl = ''
const bodies: unknown[] = []

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  // A pass-through in front of the devnet's first chain that records each JSON-RPC body it forwards.
  counting = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')))
    const upstream = await fetch(devnet.chains[0]!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text())
  })
  await new Promise<void>((r) => counting.listen(0, '127.0.0.1', r))
  countingUrl = `http://127.0.0.1:${(counting.address() as { port: number }).port}`
}, 120_000)
afterAll(async () => {
  await new Promise((r) => counting?.close(r))
  await devnet?.stop()
})

test("viem's chain definitions by id; ENS only on a mainnet client", () => {
  expect(viemChain(1)?.name).toBe('Ethereum')
  expect(viemChain(8453)?.name).toBe('Base')
  expect(viemChain(31338)).toBeUndefined()
  expect(ensClient({ rpcUrls: {}, mainnetRpcUrls: ['https://mainnet-rpc.example'] })?.chain?.id).toBe(1)
  expect(ensClient({ rpcUrls: { 'eip155:1': 'https://mainnet-rpc.example' } })?.chain?.id).toBe(1)
  expect(ensClient({ rpcUrls: { 'eip155:8453': 'https://base-rpc.example' } })).toBeUndefined()
})

test('a list of URLs: the first refuses, the next answers (fallback)', async () => {
  const chain = devnet.chains[0]!
  const client = evmClientFor(`eip155:${chain.chainId}`, ['http://127.0.0.1:1', chain.rpcUrl])!
  expect(await client.getChainId()).toBe(chain.chainId)
})

test('reads made together go upstream as one JSON-RPC batch', async () => {
  const chain = devnet.chains[0]!
  const client = evmClientFor(`eip155:${chain.chainId}`, countingUrl)!
  bodies.length = 0
  const [a, b, c] = await Promise.all([
    client.getBlockNumber({ cacheTime: 0 }),
    client.getBalance({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
    client.getGasPrice(),
  ])
  expect(typeof a).toBe('bigint')
  expect(b > 0n && c > 0n).toBe(true)
  expect(bodies).toHaveLength(1)
  expect(bodies[0]).toHaveLength(3)
})
