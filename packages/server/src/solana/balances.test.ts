// @vitest-environment node
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { solanaSender, solanaServerConfig } from '../chain/testing.js'
import { startTestServer } from '../testing.js'

let solana: SolanaDevnet
let server: Awaited<ReturnType<typeof startTestServer>>
let send: ReturnType<typeof solanaSender>
beforeAll(async () => {
  solana = await startSolanaDevnet({ randomPorts: true })
  server = await startTestServer(solanaServerConfig(solana, { indexer: { enabled: false, pollMs: 50, batchBlocks: 20, backfillBlocks: 100 } }))
  send = solanaSender(solana)
}, 60_000)
afterAll(async () => {
  await server?.close()
  await solana?.stop()
})

const balance = async (address: string, chainId = solana.caip2) => {
  const res = await fetch(`${server.url}/v1/account/${address}/balance?projectId=portico-dev&chainId=${encodeURIComponent(chainId)}&currency=usd`)
  return { status: res.status, body: (await res.json()) as any }
}

describe('GET /v1/account/{address}/balance on solana', () => {
  test('default: a dev account holds SOL, USDC and the Token-2022 mint, named, priced and iconed like EVM balances', async () => {
    const { status, body } = await balance(solana.accounts[1]!.address)
    expect(status).toBe(200)
    expect(body.balances).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: solana.caip2,
        value: 150_000,
        price: 150,
        quantity: { decimals: '9', numeric: '1000' },
        iconUrl: `${server.url}/icons/tokens/SOL.svg`,
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: solana.caip2,
        address: `${solana.caip2}:${solana.usdcMint}`,
        value: 10_000,
        price: 1,
        quantity: { decimals: '6', numeric: '10000' },
        iconUrl: `${server.url}/icons/tokens/USDC.svg`,
      },
      {
        name: 'Portico Token-2022',
        symbol: 'PT22',
        chainId: solana.caip2,
        address: `${solana.caip2}:${solana.token2022Mint}`,
        value: 0,
        price: 0,
        quantity: { decimals: '6', numeric: '5000' },
        iconUrl: `${server.url}/icons/tokens/PT22.svg`,
      },
    ])
  })

  test('behavior: after real transfers to a fresh address (its token accounts created on the way), it holds exactly what it received', async () => {
    const receiver = (await generateKeyPairSigner()).address
    expect((await balance(receiver)).body.balances).toEqual([expect.objectContaining({ symbol: 'SOL', quantity: { decimals: '9', numeric: '0' } })])
    const from = solana.accounts[2]!.signer
    await send.sol(from, receiver, 2_500_000_000n)
    await send.token(from, receiver, solana.usdcMint, 12_345_678n)
    await send.token(from, receiver, solana.token2022Mint, 1_000_000n)
    const { body } = await balance(receiver)
    expect(body.balances.map((b: any) => [b.symbol, b.quantity.numeric, b.value])).toEqual([
      ['SOL', '2.5', 375],
      ['USDC', '12.345678', 12.345678],
      ['PT22', '1', 0],
    ])
    const sender = (await balance(from.address)).body.balances
    expect(sender[1].quantity.numeric).toBe('9987.654322')
    expect(Number(sender[0].quantity.numeric)).toBeLessThan(997.5)
  })

  test('error: a non-Solana address on a solana chain is 400; an unconfigured chain is 400; a dead RPC is 502 like EVM', async () => {
    expect((await balance('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).status).toBe(400)
    expect((await balance('not-an-address!')).status).toBe(400)
    expect(await balance(solana.accounts[0]!.address, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      status: 400,
      body: { error: 'Unsupported chain: no RPC is configured for solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    })
    const dead = await startTestServer({
      rpcUrls: { [solana.caip2]: 'http://127.0.0.1:9' },
      indexer: { enabled: false, pollMs: 50, batchBlocks: 1, backfillBlocks: 1 },
    })
    try {
      const res = await fetch(`${dead.url}/v1/account/${solana.accounts[0]!.address}/balance?projectId=portico-dev&chainId=${solana.caip2}`)
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 502, body: { error: 'Token Balance Unavailable' } })
    } finally {
      await dead.close()
    }
  })

  test('POST /v1/fungible/price prices SOL and the configured mints; an unknown mint is left out', async () => {
    const res = await fetch(`${server.url}/v1/fungible/price?projectId=portico-dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        currency: 'usd',
        addresses: [`${solana.caip2}:native`, `${solana.caip2}:${solana.usdcMint}`, `${solana.caip2}:${solana.accounts[0]!.address}`],
      }),
    })
    expect(await res.json()).toEqual({
      fungibles: [
        { name: 'Solana', symbol: 'SOL', iconUrl: `${server.url}/icons/tokens/SOL.svg`, price: 150 },
        { name: 'USD Coin', symbol: 'USDC', iconUrl: `${server.url}/icons/tokens/USDC.svg`, price: 1 },
      ],
    })
  })
})
