// @vitest-environment node
import { startDevnet, type Devnet } from '@portico/devnet'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { devClients, devnetServerConfig, waitFor } from '../chain/testing.js'
import { startTestServer } from '../testing.js'

/**
 * A reorg on anvil (evm_snapshot / evm_revert, then other blocks at the same heights): the
 * indexer rolls back only the orphaned blocks. A sentinel row below the fork proves nothing was
 * wiped and indexed again (a re-index would not recreate it).
 */
let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
}, 30_000)
afterAll(() => devnet?.stop())

test('a reorg rolls back only the orphaned blocks; the surviving history stays', async () => {
  const chainId = 'eip155:31337'
  const { wallet, client } = devClients(devnet.chains[0]!, devnet.accounts[4]!.privateKey)
  const to = devnet.accounts[3]!.address
  const server = await startTestServer(devnetServerConfig(devnet))
  const rows = (sql: string, params: unknown[]) => server.db.query<{ hash: string }>(sql, params)
  const indexed = (hash: string) => rows('select hash from chain_transactions where chain_id = $1 and hash = $2', [chainId, hash]).then((r) => r.length === 1)
  try {
    // Before the fork: a transfer (A), indexed.
    const a = await wallet.sendTransaction({ to, value: parseEther('1') })
    const receiptA = await client.waitForTransactionReceipt({ hash: a })
    await waitFor(() => indexed(a), { timeoutMs: 30_000, what: 'A indexed' })
    const sentinel = `0x${'5e'.repeat(32)}`
    await server.db.query('insert into account_transactions (address, chain_id, hash, block_time, block_number, tx_index) values ($1, $2, $3, 0, $4, 0)', [
      '0x000000000000000000000000000000000000dead',
      chainId,
      sentinel,
      receiptA.blockNumber.toString(),
    ])

    // The fork point; B (to an address nothing else touches) is mined and indexed, then orphaned by the revert.
    const onlyB = privateKeyToAddress(generatePrivateKey())
    const balanceOfOnlyB = async () => {
      const res = await fetch(`${server.url}/v1/account/${onlyB}/balance?projectId=portico-dev&chainId=${chainId}&currency=usd`)
      return ((await res.json()) as { balances: { quantity: { numeric: string } }[] }).balances[0]!.quantity.numeric
    }
    const snapshot = await client.request({ method: 'evm_snapshot' as never })
    const b = await wallet.sendTransaction({ to: onlyB, value: parseEther('2') })
    await client.waitForTransactionReceipt({ hash: b })
    await waitFor(() => indexed(b), { timeoutMs: 30_000, what: 'B indexed' })
    expect(await balanceOfOnlyB()).toBe('2') // now cached (SPEC §9 portfolio, 30 s)
    expect(await client.request({ method: 'evm_revert' as never, params: [snapshot] as never })).toBe(true)

    // The new branch: C at B's height, D above it.
    const c = await wallet.sendTransaction({ to, value: parseEther('3') })
    const receiptC = await client.waitForTransactionReceipt({ hash: c })
    const d = await wallet.sendTransaction({ to, value: parseEther('4') })
    await client.waitForTransactionReceipt({ hash: d })
    await waitFor(async () => (await indexed(c)) && (await indexed(d)) && !(await indexed(b)), { timeoutMs: 30_000, what: 'C and D indexed, B rolled back' })

    expect(await indexed(a)).toBe(true)
    expect(await rows('select hash from account_transactions where chain_id = $1 and hash = $2', [chainId, sentinel])).toHaveLength(1)
    expect(await rows('select hash from chain_transfers where chain_id = $1 and hash = $2', [chainId, b])).toEqual([])
    expect(await rows('select hash from account_transactions where chain_id = $1 and hash = $2', [chainId, b])).toEqual([])
    const [stored] = await server.db.query<{ hash: string }>('select block_hash as hash from chain_blocks where chain_id = $1 and block_number = $2', [
      chainId,
      receiptC.blockNumber.toString(),
    ])
    expect(stored?.hash).toBe(receiptC.blockHash.toLowerCase())

    // The history endpoint shows the surviving and the new transfers, not the orphaned one.
    const res = await fetch(`${server.url}/v1/account/${to}/history?projectId=portico-dev&chainId=${chainId}`)
    const hashes = ((await res.json()) as { data: { metadata: { hash: string } }[] }).data.map((t) => t.metadata.hash)
    expect(hashes).toEqual(expect.arrayContaining([a, c, d]))
    const ofOnlyB = await fetch(`${server.url}/v1/account/${onlyB}/history?projectId=portico-dev&chainId=${chainId}`)
    expect(((await ofOnlyB.json()) as { data: unknown[] }).data).toEqual([])
    // The rollback dropped B's receiver's cached balance: the chain's 0, not the orphaned block's 2.
    expect(await balanceOfOnlyB()).toBe('0')

    // The lag gauge: this instance leads the chain and is caught up.
    const metrics = await (await fetch(`${server.url}/metrics`)).text()
    expect(metrics).toMatch(/portico_indexer_leader\{chain="eip155:31337"\} 1/)
    expect(metrics).toMatch(/portico_indexer_lag_blocks\{chain="eip155:31337"\} 0/)
  } finally {
    await server.close()
  }
}, 60_000)
