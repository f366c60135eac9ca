// @vitest-environment node
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { solanaServerConfig, waitFor } from '../chain/testing.js'
import { DEV_PROJECT } from '../config.js'
import { SANDBOX_PUBLIC_KEY } from '../onramp/sandbox.js'
import { startTestServer } from '../testing.js'

let solana: SolanaDevnet
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  solana = await startSolanaDevnet({ randomPorts: true })
  // The default sandbox config names the local chain's USDC mint and its mint authority (dev account 0).
  server = await startTestServer(solanaServerConfig(solana))
}, 60_000)
afterAll(async () => {
  await server?.close()
  await solana?.stop()
})

const api = async (path: string, body?: unknown) => {
  const url = `${server.url}${path}${path.startsWith('/sandbox') ? '' : `${path.includes('?') ? '&' : '?'}projectId=portico-dev`}`
  const res = await fetch(url, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? ((await res.json()) as any) : await res.text() }
}
const usdcOf = async (owner: string) => {
  const { body } = await api(`/v1/account/${owner}/balance?chainId=${solana.caip2}`)
  return (body.balances as any[]).find((b) => b.symbol === 'USDC')?.quantity.numeric ?? '0'
}
const link = (walletAddress: string) => ({
  publicKey: SANDBOX_PUBLIC_KEY,
  destinationCurrencyCode: 'SOL',
  walletAddress,
  externalCustomerId: DEV_PROJECT.projectId,
})

describe('sandbox onramp on the local Solana chain', () => {
  test('options and quotes: USDC on the Solana devnet (its mint), found by name or CAIP-2 id', async () => {
    const { body } = await api('/v1/onramp/options')
    expect(body.purchaseCurrencies[0].networks).toContainEqual({
      name: 'portico-solana-devnet',
      display_name: 'Portico Solana Devnet (sandbox)',
      chain_id: solana.caip2.slice('solana:'.length),
      contract_address: solana.usdcMint,
    })
    for (const network of ['portico-solana-devnet', solana.caip2]) {
      const quote = await api('/v1/onramp/quote', { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100.00', network })
      expect(quote.status).toBe(200)
      expect(quote.body).toMatchObject({ network: 'portico-solana-devnet', purchaseAmount: { amount: '98.49', currency: 'USDC' } })
    }
  })

  test('a Solana wallet: the link (SOL), the page (its Solana network, enabled), and completing it mints USDC to a fresh wallet, then again', async () => {
    const wallet = (await generateKeyPairSigner()).address
    const url = await api('/v1/generators/onrampurl', { destinationWallets: [{ address: wallet, blockchains: ['solana'] }] })
    expect(new URL(url.body.url).searchParams.get('destinationCurrencyCode')).toBe('SOL')
    const page = (await api(`/sandbox/onramp?${new URL(url.body.url).searchParams}`)).body as string
    expect(page).toContain(`<option value="${solana.caip2}">Portico Solana Devnet (sandbox)</option>`)
    expect(page).toContain('<h1>Buy USDC</h1>')
    expect(page).not.toMatch(/<button type="submit" disabled>/)

    expect(await usdcOf(wallet)).toBe('0')
    const done = await api('/sandbox/onramp/complete', { ...link(wallet), amount: '100.00', chainId: solana.caip2 })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.order).toMatchObject({ status: 'completed', wallet, chain: solana.caip2, asset: 'USDC', amount: '98.49' })
    expect(done.body.order.txHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await usdcOf(wallet)).toBe('98.49')
    const again = await api('/sandbox/onramp/complete', { ...link(wallet), amount: '20.00', chainId: solana.caip2, paymentMethod: 'ach_bank_account' })
    expect(again.body.order.status).toBe('completed')
    expect(await usdcOf(wallet)).toBe('118.18') // + 20 − 0.30 − 0.01
    // The purchase is in the wallet's activity as a mint.
    const minted = await waitFor(
      async () => {
        const { body } = await api(`/v1/account/${wallet}/history?chainId=${solana.caip2}`)
        return body.data.length === 2 ? body.data : undefined
      },
      { what: 'the two mints in the history' },
    )
    expect(minted.map((t: any) => [t.metadata.operationType, t.transfers[0].quantity.numeric, t.transfers[0].fungible_info.symbol])).toEqual([
      ['mint', '19.69', 'USDC'],
      ['mint', '98.49', 'USDC'],
    ])
  })

  test('error: a Solana wallet on an EVM chain or an EVM wallet on the Solana chain is refused and mints nothing', async () => {
    const wallet = (await generateKeyPairSigner()).address
    const evm = await api('/sandbox/onramp/complete', { ...link(wallet), amount: '100.00', chainId: 'eip155:31337' })
    expect(evm).toMatchObject({ status: 400, body: { error: 'Not a devnet chain' } })
    const evmWallet = { ...link('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'), destinationCurrencyCode: 'USDC' }
    expect((await api('/sandbox/onramp/complete', { ...evmWallet, amount: '100.00', chainId: solana.caip2 })).body).toMatchObject({
      error: 'Not a devnet chain',
    })
    expect(await usdcOf(wallet)).toBe('0')
  })
})
