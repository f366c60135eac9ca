// @vitest-environment node
import { nftAbi, startDevnet, usdcAbi, type Devnet } from '@portico/devnet'
import { parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devClients, devnetServerConfig, waitFor } from '../chain/testing.js'
import { startTestServer } from '../testing.js'

let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
const P = 'projectId=portico-dev'
const CHAIN = 'eip155:31337'

const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`)
  return { status: res.status, body: (await res.json()) as any }
}
const history = (address: string, query = `chainId=${CHAIN}`) => get(`/v1/account/${address}/history?${P}&${query}`)

let hashes: { usdc: string; eth: string; nft: string; failed: string }

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  server = await startTestServer(devnetServerConfig(devnet))
  const chain = devnet.chains[0]!
  const [a0, a2, a3] = [devnet.accounts[0]!, devnet.accounts[2]!, devnet.accounts[3]!]
  const sender = devClients(chain, a2.privateKey)
  const minter = devClients(chain, a0.privateKey)
  const mined = async (hash: `0x${string}`) => (await sender.client.waitForTransactionReceipt({ hash }), hash)
  // Oldest to newest: USDC send, ETH send, NFT received, a reverted ETH send.
  const usdc = await mined(
    await sender.wallet.writeContract({ address: chain.usdc, abi: usdcAbi, functionName: 'transfer', args: [a3.address, parseUnits('5', 6)] }),
  )
  const eth = await mined(await sender.wallet.sendTransaction({ to: a3.address, value: parseEther('0.5') }))
  const nft = await mined(
    await minter.wallet.writeContract({ address: chain.nft, abi: nftAbi, functionName: 'transferFrom', args: [a0.address, a2.address, 1n] }),
  )
  // The USDC contract has no payable fallback: this reverts on chain (fixed gas skips estimation).
  const failed = await mined(await sender.wallet.sendTransaction({ to: chain.usdc, value: parseEther('0.001'), gas: 100_000n }))
  hashes = { usdc, eth, nft, failed }
  await waitFor(async () => (await history(a2.address)).body.data?.length === 5, { what: 'the indexer to list 5 transactions', timeoutMs: 15_000 })
}, 40_000)
afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

describe('GET /v1/account/{address}/history', () => {
  test('lists native, ERC20 and NFT transfers newest first with SPEC §3 fields', async () => {
    const [a0, a2, a3] = [devnet.accounts[0]!.address, devnet.accounts[2]!.address, devnet.accounts[3]!.address]
    const { status, body } = await history(a2)
    expect(status).toBe(200)
    expect(body.next).toBeNull()
    const data = body.data as any[]
    expect(data.map((t) => t.metadata.hash)).toEqual([hashes.failed, hashes.nft, hashes.eth, hashes.usdc, expect.any(String)])
    expect(data.map((t) => [t.metadata.operationType, t.metadata.status])).toEqual([
      ['send', 'failed'],
      ['receive', 'confirmed'],
      ['send', 'confirmed'],
      ['send', 'confirmed'],
      ['mint', 'confirmed'],
    ])
    const minedAt = data.map((t) => Date.parse(t.metadata.minedAt))
    expect(minedAt.every((t) => Number.isFinite(t) && t > Date.now() - 10 * 60_000)).toBe(true)
    expect([...minedAt].sort((x, y) => y - x)).toEqual(minedAt)

    const [failed, nft, eth, usdc, mint] = data
    expect(eth).toEqual({
      id: `${CHAIN}:${hashes.eth}`,
      metadata: { minedAt: expect.any(String), chain: CHAIN, operationType: 'send', status: 'confirmed', sentFrom: a2, sentTo: a3, hash: hashes.eth },
      transfers: [
        {
          fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: `${server.url}/icons/tokens/ETH.svg` } },
          direction: 'out',
          quantity: { numeric: '0.5' },
          value: 1500,
          price: 3000,
        },
      ],
    })
    expect(usdc.metadata).toMatchObject({ sentFrom: a2, sentTo: a3 })
    expect(usdc.transfers).toEqual([
      {
        fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: `${server.url}/icons/tokens/USDC.svg` } },
        direction: 'out',
        quantity: { numeric: '5' },
        value: 5,
        price: 1,
      },
    ])
    expect(nft.metadata).toMatchObject({ sentFrom: a0, sentTo: a2 })
    expect(nft.transfers).toEqual([
      {
        nft_info: {
          name: 'Portico Punks #1',
          flags: { is_spam: false },
          content: { preview: { url: expect.stringMatching(new RegExp(`^${server.url}/icons/nft/eip155%3A31337/0x[0-9a-f]{40}/1$`)) } },
        },
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ])
    expect(failed.transfers).toMatchObject([{ fungible_info: { symbol: 'ETH' }, direction: 'out', quantity: { numeric: '0.001' } }])
    expect(mint.metadata).toMatchObject({ operationType: 'mint', sentFrom: a0, sentTo: a2 })
    expect(mint.transfers).toMatchObject([{ fungible_info: { symbol: 'USDC' }, direction: 'in', quantity: { numeric: '10000' }, value: 10_000 }])

    // The other side of the same transfers.
    const received = (await history(a3)).body.data as any[]
    expect(received.slice(0, 2).map((t) => [t.metadata.hash, t.metadata.operationType, t.transfers[0].direction])).toEqual([
      [hashes.eth, 'receive', 'in'],
      [hashes.usdc, 'receive', 'in'],
    ])
    // NFT metadata was cached in the database.
    const cached = await server.db.query<{ name: string }>('select name from nft_metadata where token_id = $1 and ok', ['1'])
    expect(cached).toEqual([{ name: 'Portico Punks #1' }])
  })

  test('blocks of the same second sort by block number (numerically), across pages too', async () => {
    // Account 1 got USDC (block 4) and NFTs #4 and #5 (blocks 11, 12) in the fixture deploy, all within a second or so.
    const a1 = devnet.accounts[1]!.address
    const names = (data: any[]) => data.map((t) => t.transfers[0].nft_info?.name ?? t.transfers[0].fungible_info.symbol)
    const { body } = await history(a1)
    expect(names(body.data)).toEqual(['Portico Punks #5', 'Portico Punks #4', 'USDC'])
    const first = await history(a1, `chainId=${CHAIN}&limit=1`)
    const second = await history(a1, `chainId=${CHAIN}&limit=1&cursor=${first.body.next}`)
    const third = await history(a1, `chainId=${CHAIN}&limit=1&cursor=${second.body.next}`)
    expect([...names(first.body.data), ...names(second.body.data), ...names(third.body.data)]).toEqual(names(body.data))
    expect(third.body.next).toBeNull()
  })

  test('pages with a stable cursor, also while new transactions arrive', async () => {
    const a2 = devnet.accounts[2]!
    const all = ((await history(a2.address)).body.data as any[]).map((t) => t.id)
    const first = await history(a2.address, `chainId=${CHAIN}&limit=2`)
    expect(first.body.data.map((t: any) => t.id)).toEqual(all.slice(0, 2))
    expect(typeof first.body.next).toBe('string')

    // A new transaction lands between pages: later pages do not shift.
    const { wallet, client } = devClients(devnet.chains[0]!, a2.privateKey)
    await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: devnet.accounts[4]!.address, value: 1n }) })
    await waitFor(async () => (await history(a2.address)).body.data.length === 6, { what: 'the new transaction' })

    const ids = [...first.body.data.map((t: any) => t.id)]
    let next: string | null = first.body.next
    while (next) {
      const page = await history(a2.address, `chainId=${CHAIN}&limit=2&cursor=${encodeURIComponent(next)}`)
      expect(page.status).toBe(200)
      ids.push(...page.body.data.map((t: any) => t.id))
      next = page.body.next
    }
    expect(ids).toEqual(all)
  })

  test('without chainId lists every indexed chain; other chains filter', async () => {
    const a2 = devnet.accounts[2]!.address
    await waitFor(async () => (await history(a2, '')).body.data.some((t: any) => t.metadata.chain === 'eip155:31338'), { what: 'chain 2' })
    const other = await history(a2, 'chainId=eip155:31338')
    expect(other.body.data.map((t: any) => [t.metadata.chain, t.metadata.operationType])).toEqual([['eip155:31338', 'mint']])
    expect((await history(a2, 'chainId=eip155:1')).body).toEqual({ data: [], next: null })
    expect((await history('0x' + '12'.repeat(20))).body).toEqual({ data: [], next: null })
  })

  test('error: bad input is 400, never 500', async () => {
    const a = devnet.accounts[2]!.address
    const forged = Buffer.from(JSON.stringify([1, "eip155:1' or 1=1 --", 1, 1])).toString('base64url')
    for (const query of [
      'cursor=garbage!!',
      'cursor=' + Buffer.from('not json').toString('base64url'),
      'cursor=' + Buffer.from('[1,2]').toString('base64url'),
      'cursor=' + forged,
      'cursor=' + 'A'.repeat(500),
      'limit=0',
      'limit=51',
      'limit=abc',
      'limit=1.5',
      'chainId=not-a-chain',
    ]) {
      const { status, body } = await history(a, query)
      expect(status, query).toBe(400)
      expect(typeof body.error, query).toBe('string')
    }
    expect((await get(`/v1/account/0xnope/history?${P}`)).status).toBe(400)
    expect((await get(`/v1/account/${a}/history`)).status).toBe(400)
  })
})
