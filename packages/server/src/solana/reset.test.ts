// @vitest-environment node
import { createServer, type Server } from 'node:http'
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { solanaSender, solanaServerConfig } from '../chain/testing.js'
import { memoryBalanceCache } from '../chain/balanceCache.js'
import { DEFAULT_CONFIG } from '../config.js'
import { leadership } from '../indexer/leader.js'
import { startTestServer } from '../testing.js'
import { checkChain, syncAddress } from './sync.js'

/**
 * A restarted local Solana chain (what `npm start` does to its devnet): the follower's check finds its
 * newest recorded transaction gone, drops the chain's history and caches, and reads the new chain. Two
 * real local chains with the same genesis (a restart keeps the CAIP-2 id and the dev accounts) behind a
 * pass-through the test points at one, then the other.
 */
let first: SolanaDevnet
let second: SolanaDevnet
let target = ''
let proxy: Server
let server: Awaited<ReturnType<typeof startTestServer>>
const signal = new AbortController().signal

beforeAll(async () => {
  first = await startSolanaDevnet({ randomPorts: true })
  second = await startSolanaDevnet({ randomPorts: true })
  target = first.rpcUrl
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  // The follower off: the test runs the leader's steps itself.
  server = await startTestServer(
    solanaServerConfig(first, {
      rpcUrls: { [first.caip2]: `http://127.0.0.1:${(proxy.address() as { port: number }).port}` },
      indexer: { ...DEFAULT_CONFIG.indexer!, enabled: false },
    }),
  )
}, 60_000)
afterAll(async () => {
  await server?.close()
  await new Promise((r) => proxy?.close(r))
  await Promise.all([first?.stop(), second?.stop()])
})

const balance = async (address: string) => {
  const res = await fetch(`${server.url}/v1/account/${address}/balance?projectId=portico-dev&chainId=${encodeURIComponent(first.caip2)}&currency=usd`)
  const { balances } = (await res.json()) as { balances: { symbol: string; quantity: { numeric: string } }[] }
  return balances.find((b) => b.symbol === 'SOL')?.quantity.numeric
}
const recorded = async (address: string) =>
  (await server.db.query<{ hash: string }>('select hash from account_transactions where chain_id = $1 and address = $2', [first.caip2, address])).map(
    (r) => r.hash,
  )

describe('a restarted Solana chain', () => {
  test('the check keeps a chain that still has its transactions, and drops the history and cached balances of one that does not', async () => {
    expect(first.caip2).toBe(second.caip2)
    const chainId = first.caip2
    const rpc = server.ctx.solanaRpc(chainId)!
    const lead = leadership(server.db)
    expect(await lead.hold(chainId)).toBe(true)
    const fence = lead.fence(chainId)!
    // Balances cached as when the follower runs on this instance (it is what invalidates them).
    server.ctx.balanceCache = memoryBalanceCache({ chains: [chainId], log: server.ctx.log })
    const owner = (await generateKeyPairSigner()).address
    try {
      const before = await solanaSender(first).sol(first.accounts[3]!.signer, owner, 1_000_000_000n)
      await syncAddress(server.ctx, rpc, chainId, owner, signal, fence)
      expect(await recorded(owner)).toEqual([before])
      expect(await balance(owner)).toBe('1') // now cached (SPEC §9: 30 s)

      // The same chain: nothing is dropped.
      await checkChain(server.ctx, rpc, chainId, fence)
      expect(await recorded(owner)).toEqual([before])

      // The chain restarts: the recorded transaction is gone, and the address holds something else.
      target = second.rpcUrl
      const after = await solanaSender(second).sol(second.accounts[3]!.signer, owner, 2_500_000_000n)
      await checkChain(server.ctx, rpc, chainId, fence)
      expect(await recorded(owner)).toEqual([])
      expect(await balance(owner)).toBe('2.5')
      await syncAddress(server.ctx, rpc, chainId, owner, signal, fence)
      expect(await recorded(owner)).toEqual([after])
    } finally {
      await lead.release()
    }
  })
})
