import { describe, expect, test, vi } from 'vitest'
import { connectExternal } from '../actions/connectExternal.js'
import { disconnect } from '../actions/disconnect.js'
import { fetchBalance } from '../actions/fetchBalance.js'
import { initialize } from '../actions/initialize.js'
import type { Portico } from '../portico.js'
import { scriptedWallet } from '../test/callsWallet.js'
import { testPortico } from '../test/fakes.js'

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const usdc = { address: USDC, balance: '0x2f4d60', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'u.png' } }

/** A wallet that advertises assetDiscovery on the devnet chain (0x7a69) or not. */
function assetWallet(supported: boolean) {
  return scriptedWallet((method) => {
    if (method === 'wallet_getCapabilities') return { '0x7a69': { atomic: { status: 'unsupported' }, assetDiscovery: { supported } } }
    if (method === 'wallet_getAssets') return { '0x7a69': [usdc] }
    return null
  })
}

async function connect(wallet: ReturnType<typeof scriptedWallet>, options: Parameters<typeof testPortico>[0] = {}) {
  const t = testPortico(options)
  ;(t.adapter as { getProvider?: (id: string) => unknown }).getProvider = () => wallet
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  await settled(t.portico)
  return t
}
const settled = (portico: Portico) => vi.waitFor(() => expect(portico.stores.account.getState().byNamespace.eip155?.balanceLoading).toBe(false))
const methods = (wallet: ReturnType<typeof scriptedWallet>) => wallet.requests.map((r) => r.method)

describe("SPEC §7 'Wallet calls': wallet_getCapabilities assetDiscovery and wallet_getAssets in the balance read", () => {
  test("rule: where the connected wallet advertises assetDiscovery, the account's tokens are the wallet's assets", async () => {
    const wallet = assetWallet(true)
    const { portico } = await connect(wallet)
    expect(portico.stores.account.getState().byNamespace.eip155).toMatchObject({
      balance: '1.23456789', // the native balance, from the chain through the adapter
      tokenBalance: [{ symbol: 'USDC', address: USDC, quantity: { decimals: '6', numeric: '3.1' }, chainId: 'eip155:31337' }],
    })
    expect(methods(wallet)).toEqual(['wallet_getCapabilities', 'wallet_getAssets'])
  })

  test('rule: capabilities are asked once per connection and chain, not on every read', async () => {
    const wallet = assetWallet(true)
    const { portico, clock } = await connect(wallet)
    clock.advance(30_000)
    await fetchBalance(portico)
    await fetchBalance(portico, 'eip155', { force: true })
    expect(methods(wallet)).toEqual(['wallet_getCapabilities', 'wallet_getAssets', 'wallet_getAssets', 'wallet_getAssets'])
    // A new connection asks again.
    await disconnect(portico)
    clock.advance(30_000)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    await settled(portico)
    expect(methods(wallet).filter((m) => m === 'wallet_getCapabilities')).toHaveLength(2)
  })

  test('rule: a wallet without assetDiscovery is asked once, never for its assets; the native balance stays', async () => {
    const wallet = assetWallet(false)
    const { portico, clock } = await connect(wallet)
    clock.advance(30_000)
    await fetchBalance(portico)
    expect(methods(wallet)).toEqual(['wallet_getCapabilities'])
    expect(portico.stores.account.getState().byNamespace.eip155).toMatchObject({ balance: '1.23456789', tokenBalance: [] })
  })

  test("rule: with apiUrl, the server's balances stay the source when the wallet does not support it", async () => {
    const paths: string[] = []
    const server = {
      get: async ({ path }: { path: string }) => {
        paths.push(path)
        return { balances: [] }
      },
      post: async () => ({}),
    }
    const t = testPortico({ apiUrl: 'http://127.0.0.1:1', projectId: 'p' })
    ;(t.portico as { api: unknown }).api = server // a stand-in for the server's balance route (tested against the real server there)
    const wallet = assetWallet(false)
    ;(t.adapter as { getProvider?: (id: string) => unknown }).getProvider = () => wallet
    await initialize(t.portico)
    await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
    await settled(t.portico)
    expect(paths.filter((p) => p.endsWith('/balance'))).toHaveLength(1)
    expect(methods(wallet)).toEqual(['wallet_getCapabilities'])
  })
})
