// @vitest-environment node
import { createServer, type Server } from 'node:http'
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { solanaSender, solanaServerConfig, waitFor } from '../chain/testing.js'
import { startTestServer } from '../testing.js'

/**
 * Solana balances through the balance cache (SPEC §9 portfolio: 30 s), as EVM ones: a hit does no RPC,
 * and the Solana follower, writing a transfer that involves the address, drops its entry.
 * A counting pass-through sits in front of the local chain's RPC (the real chain answers every call).
 */
let solana: SolanaDevnet
let server: Awaited<ReturnType<typeof startTestServer>>
let proxy: Server
let watched = ''
let reads = 0

beforeAll(async () => {
  solana = await startSolanaDevnet({ randomPorts: true })
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    if (watched && body.includes(watched) && body.includes('"getBalance"')) reads++
    const answer = await fetch(solana.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const config = solanaServerConfig(solana)
  server = await startTestServer({ ...config, rpcUrls: { [solana.caip2]: `http://127.0.0.1:${(proxy.address() as { port: number }).port}` } })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await new Promise((r) => proxy?.close(r))
  await solana?.stop()
})

const sol = async (address: string) => {
  const res = await fetch(`${server.url}/v1/account/${address}/balance?projectId=portico-dev&chainId=${encodeURIComponent(solana.caip2)}&currency=usd`)
  expect(res.status).toBe(200)
  const { balances } = (await res.json()) as { balances: { symbol: string; quantity: { numeric: string } }[] }
  return balances.find((b) => b.symbol === 'SOL')?.quantity.numeric
}

describe('balance cache on solana', () => {
  test('a cached hit does no RPC; a transfer the follower writes drops the entry', async () => {
    expect(server.ctx.balanceCache?.covers(solana.caip2)).toBe(true)
    const address = (await generateKeyPairSigner()).address
    watched = address
    expect(await sol(address)).toBe('0')
    const afterMiss = reads
    expect(afterMiss).toBeGreaterThan(0)
    for (let i = 0; i < 5; i++) expect(await sol(address)).toBe('0')
    expect(reads).toBe(afterMiss) // five hits, no RPC

    // The address is followed since it was asked about: the follower's write of this transfer drops its entry,
    // well within the 30 s lifetime.
    await solanaSender(solana).sol(solana.accounts[3]!.signer, address, 1_500_000_000n)
    await waitFor(async () => ((await sol(address)) === '1.5' ? true : null), { timeoutMs: 20_000, intervalMs: 100, what: 'the new balance' })
    expect(reads).toBeGreaterThan(afterMiss)
    const settled = reads
    expect(await sol(address)).toBe('1.5')
    expect(reads).toBe(settled) // cached again
  }, 60_000)
})
