import { createServer, type Server } from 'node:http'
import { defineNetwork, type CaipNetwork } from '@portico/core'
import { startDevnet, type Devnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EvmAdapter } from './EvmAdapter.js'

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
