import { describe, expect, test } from 'vitest'
import { devnet, solanaDevnet } from '../test/fakes.js'
import { discoverWalletAssets } from './walletAssetDiscovery.js'

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const chainId = '0x7a69' // 31337
function wallet(answer: unknown, supported = true) {
  const calls: Array<{ method: string; params?: unknown }> = []
  const provider = {
    request: async (args: { method: string; params?: unknown }) => {
      calls.push(args)
      if (args.method === 'wallet_getCapabilities') return { [chainId]: { assetDiscovery: { supported } } }
      if (args.method === 'wallet_getAssets') return { [chainId]: answer }
      throw new Error('unexpected')
    },
  }
  return { provider, calls }
}
const usdc = { address: USDC, balance: '0x2f4d60', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'u.png' } }
const native = {
  address: '0x0000000000000000000000000000000000000000',
  balance: '0x1',
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 1, iconUrl: 'e.png' },
}

describe("SPEC §7 'Wallet calls': capabilities (assetDiscovery per chain) and get assets (account, chainFilter)", () => {
  test('rule: where the wallet supports assetDiscovery on the chain, wallet_getAssets gives its tokens', async () => {
    const { provider, calls } = wallet([native, usdc])
    expect(await discoverWalletAssets(provider, ACCOUNT, devnet)).toEqual([
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:31337',
        address: USDC,
        value: 3.1,
        price: 1,
        quantity: { decimals: '6', numeric: '3.1' },
        iconUrl: 'u.png',
      },
    ])
    expect(calls).toEqual([
      { method: 'wallet_getCapabilities', params: [ACCOUNT, [chainId]] },
      { method: 'wallet_getAssets', params: [{ account: ACCOUNT, chainFilter: [chainId] }] },
    ])
  })
  test('rule: a wallet without assetDiscovery on the chain is not asked for its assets', async () => {
    const { provider, calls } = wallet([usdc], false)
    expect(await discoverWalletAssets(provider, ACCOUNT, devnet)).toBeUndefined()
    expect(calls.map((c) => c.method)).toEqual(['wallet_getCapabilities'])
    expect(await discoverWalletAssets(provider, ACCOUNT, solanaDevnet)).toBeUndefined()
  })
  test("rule: SPEC §5 'Wallet assets response' — an answer with one bad asset is dropped whole", async () => {
    const { provider } = wallet([usdc, { ...usdc, metadata: { ...usdc.metadata, decimals: '6' } }])
    expect(await discoverWalletAssets(provider, ACCOUNT, devnet)).toBeUndefined()
  })
  test('behavior: a wallet that never answers is taken as without asset discovery after the timeout (asked once), so the balance still shows', async () => {
    let asked = 0
    const silent = { request: () => (asked++, new Promise(() => {})) }
    const answers = new Map()
    expect(await discoverWalletAssets(silent, ACCOUNT, devnet, answers, { timeoutMs: 20 })).toBeUndefined()
    expect(await discoverWalletAssets(silent, ACCOUNT, devnet, answers, { timeoutMs: 20 })).toBeUndefined()
    expect(asked).toBe(1)
  })
})
