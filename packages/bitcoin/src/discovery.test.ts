// @vitest-environment node
import { mergeConnectors, type Connector } from '@portico/core'
import { describe, expect, test } from 'vitest'
import { BitcoinAdapter } from './BitcoinAdapter.js'
import { injectedBitcoinWallets } from './discovery.js'

describe('discovery', () => {
  test('a wallet announced on EVM and Bitcoin under one name is one Connect entry with both parts (core merges by name)', () => {
    const okx = { connect: async () => ({}), signMessage: async () => '', signPsbt: async () => '' }
    const wallets = injectedBitcoinWallets({ okxwallet: { bitcoin: okx }, LeatherProvider: { request: async () => ({}) } })
    expect(wallets.map((w) => w.name)).toEqual(['Leather', 'OKX Wallet'])
    const adapter = new BitcoinAdapter({ discover: (onChange) => (onChange(wallets), () => {}) })
    let bitcoin: Connector[] = []
    adapter.watchConnectors((connectors) => (bitcoin = connectors))
    const evm: Connector = { id: 'com.okex.wallet', name: 'OKX Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: {} }
    const merged = mergeConnectors([evm, ...bitcoin])
    expect(merged).toHaveLength(2)
    const okxEntry = merged.find((c) => c.name === 'OKX Wallet')!
    expect(okxEntry.type).toBe('MULTI_CHAIN')
    expect(okxEntry.connectors?.map((c) => c.chain)).toEqual(['eip155', 'bip122'])
  })

  test("WBIP004: a sats-connect wallet listed in btc_providers is found at its id's path, once; Xverse's own entry is not listed twice but gives its icon", () => {
    const provider = { request: async () => ({}) }
    const xverse = { request: async () => ({}) }
    const scope = {
      XverseProviders: { BitcoinProvider: xverse },
      Docs: { BitcoinProvider: provider },
      btc_providers: [
        { id: 'XverseProviders.BitcoinProvider', name: 'Xverse (listed)', icon: 'data:image/svg+xml;base64,AA==' },
        { id: 'Docs.BitcoinProvider', name: 'Docs Wallet', icon: 'data:image/svg+xml;base64,AA==' },
        { id: 'Docs.BitcoinProvider', name: 'Docs Wallet again' },
        { id: 'Missing.Provider', name: 'Gone' },
        { id: '__proto__.constructor', name: 'Sneaky' },
        { id: 'Docs', name: 'Not a provider' },
        'junk',
      ],
    }
    const wallets = injectedBitcoinWallets(scope)
    expect(wallets.map((w) => [w.name, w.icon])).toEqual([
      ['Xverse Wallet', 'data:image/svg+xml;base64,AA=='],
      ['Docs Wallet', 'data:image/svg+xml;base64,AA=='],
    ])
  })

  test('objects that only look like wallets are not wallets', () => {
    expect(injectedBitcoinWallets({ okxwallet: {}, magicEden: { bitcoin: 1 }, XverseProviders: { BitcoinProvider: { request: 'no' } } })).toEqual([])
    expect(injectedBitcoinWallets(undefined)).toEqual([])
  })
})
