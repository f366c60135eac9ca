import { describe, expect, test } from 'vitest'
import { connectWalletConnect } from '../actions/connectWalletConnect.js'
import { initialize } from '../actions/initialize.js'
import { desktopEnvironment } from '../environment.js'
import type { ChainNamespace } from '../spec/caip.js'
import { testPortico } from '../test/fakes.js'
import { inAppBrowserLink, InAppBrowserWallets } from './inAppBrowser.js'

const HREF = 'https://dapp.example/swap?x=1'
const ORIGIN = 'https://dapp.example'

function phone({ isMobile = true, namespace = 'eip155' as ChainNamespace, installed = [] as { name: string; rdns?: string }[] } = {}) {
  const opened: string[] = []
  let paired = 0
  const t = testPortico({
    environment: { ...desktopEnvironment, isMobile: () => isMobile, href: () => HREF, origin: () => ORIGIN, openUrl: (href) => void opened.push(href) },
    walletConnect: {
      load: async () => {
        paired++
        throw new Error('no relay in this test')
      },
    },
  })
  t.portico.stores.network.setState(namespace === 'eip155' ? {} : { activeNamespace: namespace, caipNetwork: undefined })
  t.portico.stores.connections.setState(({ connectors }) => ({
    connectors: [
      ...connectors,
      ...installed.map((w) => ({ id: w.rdns ?? w.name, name: w.name, type: 'ANNOUNCED' as const, chain: namespace, info: { rdns: w.rdns } })),
    ],
  }))
  return { ...t, opened, paired: () => paired }
}
const wallet = (id: string) => ({ id, name: InAppBrowserWallets.find((w) => w.id === id)?.name ?? id })

describe("SPEC §9 'Mobile redirect handling exists for several named wallets'", () => {
  test('rule: Phantom not in the page opens the page in its in-app browser (universal link with the page and its origin)', async () => {
    const { portico, opened, paired } = phone()
    await initialize(portico)
    await connectWalletConnect(portico, { wallet: wallet('phantom') })
    expect(opened).toEqual([`https://phantom.app/ul/browse/${encodeURIComponent(HREF)}?ref=${encodeURIComponent(ORIGIN)}`])
    expect(paired()).toBe(0) // no WalletConnect pairing, no ConnectingWalletConnect view
    expect(portico.stores.router.getState().view).not.toBe('ConnectingWalletConnect')
  })

  test('rule: Solflare not in the page opens the page in its in-app browser', () => {
    const { portico } = phone({ namespace: 'solana' })
    expect(inAppBrowserLink(portico, wallet('solflare'))).toBe(`https://solflare.com/ul/v1/browse/${encodeURIComponent(HREF)}?ref=${encodeURIComponent(HREF)}`)
  })

  test('rule: Coinbase Wallet opens its in-app browser on Solana; on EVM it pairs as before', () => {
    expect(inAppBrowserLink(phone({ namespace: 'solana' }).portico, wallet('coinbase'))).toBe(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(HREF)}`)
    expect(inAppBrowserLink(phone({ namespace: 'eip155' }).portico, wallet('coinbase'))).toBeUndefined()
  })

  test("rule: Binance Wallet opens its browser page on Bitcoin (its app link, base64 in its download page's universal link)", () => {
    const link = new URL(inAppBrowserLink(phone({ namespace: 'bip122' }).portico, wallet('binance'))!)
    expect(link.origin + link.pathname).toBe('https://app.binance.com/en/download')
    const app = new URL(atob(link.searchParams.get('_dp')!))
    expect(app.protocol).toBe('bnc:')
    expect(atob(app.searchParams.get('startPagePath')!)).toBe('/pages/browser/index')
    expect(atob(app.searchParams.get('startPageQuery')!)).toBe(`url=${encodeURIComponent(HREF)}&defaultChainId=1`)
    expect(inAppBrowserLink(phone({ namespace: 'eip155' }).portico, wallet('binance'))).toBeUndefined()
  })

  test('rule: a named wallet already in the page (announced or injected) is used as is, never redirected', () => {
    expect(inAppBrowserLink(phone({ installed: [{ name: 'Phantom', rdns: 'app.phantom' }] }).portico, wallet('phantom'))).toBeUndefined()
    expect(inAppBrowserLink(phone({ namespace: 'solana', installed: [{ name: 'Solflare' }] }).portico, wallet('solflare'))).toBeUndefined()
  })

  test('rule: on desktop, and for any other wallet, pairing goes on as before', async () => {
    expect(inAppBrowserLink(phone({ isMobile: false }).portico, wallet('phantom'))).toBeUndefined()
    const { portico, opened, paired } = phone()
    await initialize(portico)
    await connectWalletConnect(portico, { wallet: { id: 'rainbow', name: 'Rainbow', mobile_link: 'rainbow:' } }).catch(() => {})
    expect(opened).toEqual([])
    expect(paired()).toBe(1)
  })
})
