// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import { createDocsBitcoinWallet } from './docsWallet'
import { DOCS_SATS_CONNECT_PROVIDER_ID, registerDocsBitcoinWallet } from './register'

describe('registerDocsBitcoinWallet', () => {
  test('default: found by the Wallet Standard’s app-ready handshake and by sats-connect’s btc_providers id', async () => {
    // An app that loaded first: it listens for register-wallet; one that loads later sends app-ready.
    const early: string[] = []
    window.addEventListener('wallet-standard:register-wallet', (event) => {
      ;(event as CustomEvent<(api: { register: (wallet: { name: string }) => () => void }) => void>).detail({
        register: (wallet) => {
          early.push(wallet.name)
          return () => {}
        },
      })
    })
    window.btc_providers = [{ id: 'XverseProviders.BitcoinProvider', name: 'Xverse Wallet', icon: 'data:,' }]
    const { provider } = registerDocsBitcoinWallet({ core: createDocsBitcoinWallet() })
    expect(early).toEqual(['Docs Bitcoin Wallet (development only)'])

    const late: string[] = []
    window.dispatchEvent(
      new CustomEvent('wallet-standard:app-ready', {
        detail: {
          register: (wallet: { name: string }) => {
            late.push(wallet.name)
            return () => {}
          },
        },
      }),
    )
    expect(late).toEqual(['Docs Bitcoin Wallet (development only)'])

    // sats-connect: getProviders() reads window.btc_providers; getProviderById walks the id's path on window.
    expect(window.btc_providers?.map((p) => p.id)).toEqual(['XverseProviders.BitcoinProvider', DOCS_SATS_CONNECT_PROVIDER_ID])
    const found = DOCS_SATS_CONNECT_PROVIDER_ID.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], window)
    expect(found).toBe(provider)
    expect(await provider.request('getInfo', null)).toMatchObject({ result: { platform: 'web' } })
  })
})
