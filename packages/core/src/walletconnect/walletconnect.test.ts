import { desktopEnvironment } from '../environment.js'
import { describe, expect, test } from 'vitest'
import { formatNativeUrl, formatUniversalUrl } from './deepLinks.js'
import { isPairingExpired, pairingExpiryFrom, shouldReusePairing } from './pairing.js'
import { filterWallets, orderWallets, recommendedWallets } from '../spec/walletList.js'

describe('SPEC §4 pairing', () => {
  test('rule: a pairing expires 4 minutes after the URI is set', () => {
    expect(pairingExpiryFrom(1_000)).toBe(1_000 + 240_000)
  })
  test('rule: it counts as expired when 10 seconds or less remain', () => {
    const expiry = pairingExpiryFrom(0)
    expect(isPairingExpired(expiry, 240_000 - 10_001)).toBe(false)
    expect(isPairingExpired(expiry, 240_000 - 10_000)).toBe(true)
    expect(isPairingExpired(undefined, 0)).toBe(true)
  })
  const base = { uri: 'wc:abc@2', expiry: pairingExpiryFrom(0), now: 1000, isTelegram: false, isIosSafari: false }
  test("rule: an unexpired pairing is reused when cache is 'always'", () => {
    expect(shouldReusePairing({ ...base, cache: 'always' })).toBe(true)
    expect(shouldReusePairing({ ...base, cache: 'always', now: 235_000 })).toBe(false)
  })
  test("rule: with cache 'auto' it is reused only on Telegram or iOS Safari", () => {
    expect(shouldReusePairing({ ...base, cache: 'auto' })).toBe(false)
    expect(shouldReusePairing({ ...base, cache: 'auto', isTelegram: true })).toBe(true)
    expect(shouldReusePairing({ ...base, cache: 'auto', isIosSafari: true })).toBe(true)
    expect(shouldReusePairing({ ...base, cache: 'never', isIosSafari: true })).toBe(false)
  })
})

describe('SPEC §5 Wallet list', () => {
  test('rule: native deep links get a scheme and a trailing slash', () => {
    const uri = 'wc:abc@2?relay-protocol=irn&symKey=x'
    expect(formatNativeUrl('metamask', uri)).toEqual({ name: 'metamask://', href: `metamask://wc?uri=${encodeURIComponent(uri)}` })
    expect(formatNativeUrl('trust://', uri).href).toBe(`trust://wc?uri=${encodeURIComponent(uri)}`)
    expect(formatNativeUrl('rainbow://app', uri).href).toBe(`rainbow://app/wc?uri=${encodeURIComponent(uri)}`)
  })
  test('universal links keep their host and get a trailing slash', () => {
    expect(formatUniversalUrl('https://metamask.app.link', 'wc:x').href).toBe('https://metamask.app.link/wc?uri=wc%3Ax')
    expect(formatNativeUrl('https://link.trustwallet.com/', 'wc:x').href).toBe('https://link.trustwallet.com/wc?uri=wc%3Ax')
  })

  const wallets = [
    { id: 'a', name: 'Alpha', rdns: 'com.alpha' },
    { id: 'b', name: 'Beta', rdns: null },
    { id: 'bw', name: 'Browser Wallet', rdns: null },
    { id: 'c', name: 'Gamma', rdns: 'com.gamma' },
  ]
  test('rule: wallets in an exclusion list are hidden', () => {
    expect(filterWallets(wallets, { excludeWalletIds: ['b'], isMobile: false, installedRdns: [] }).map((w) => w.id)).toEqual(['a', 'c'])
  })
  test("rule: the injected 'Browser Wallet' is hidden on desktop", () => {
    expect(filterWallets(wallets, { isMobile: false, installedRdns: ['com.x'] }).map((w) => w.id)).not.toContain('bw')
  })
  test("rule: on mobile 'Browser Wallet' is hidden when it has no rdns and nothing is installed", () => {
    expect(filterWallets(wallets, { isMobile: true, installedRdns: [] }).map((w) => w.id)).not.toContain('bw')
    expect(filterWallets(wallets, { isMobile: true, installedRdns: ['com.x'] }).map((w) => w.id)).toContain('bw')
  })
  test("rule: the injected 'Browser Wallet' connector (a bare window.ethereum) is hidden on desktop, shown on a phone", async () => {
    const { isBrowserWalletHidden } = await import('../spec/walletList.js')
    const browserWallet = { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', info: {} } as const
    expect(isBrowserWalletHidden(browserWallet, false)).toBe(true)
    expect(isBrowserWalletHidden(browserWallet, true)).toBe(false)
    expect(isBrowserWalletHidden({ name: 'Alpha', type: 'ANNOUNCED', info: { rdns: 'com.alpha' } }, false)).toBe(false)
    const { testPortico } = await import('../test/fakes.js')
    const { getMergedConnectors } = await import('../actions/getMergedConnectors.js')
    for (const isMobile of [false, true]) {
      const { portico } = testPortico({ environment: { ...desktopEnvironment, isMobile: () => isMobile } })
      portico.stores.connections.setState({ connectors: [browserWallet] })
      expect(getMergedConnectors(portico).map((c) => c.name)).toEqual(isMobile ? ['Browser Wallet'] : [])
    }
  })
  test('installed wallets are not listed again', () => {
    expect(filterWallets(wallets, { isMobile: false, installedRdns: ['com.gamma'] }).map((w) => w.id)).toEqual(['a', 'b'])
  })
  test('rule: recent wallets (max 2) then featured in the host order, then the rest; 4 recommended', () => {
    const list = [...'abcdefg'].map((id) => ({ id, name: id }))
    const ordered = orderWallets(list, { featuredWalletIds: ['f', 'e'], recentIds: ['g', 'd', 'c'] })
    expect(ordered.map((w) => w.id)).toEqual(['g', 'd', 'f', 'e', 'a', 'b', 'c'])
    expect(recommendedWallets(ordered).map((w) => w.id)).toEqual(['g', 'd', 'f', 'e'])
  })
})
