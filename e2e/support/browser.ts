import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'

/** Debian's Chromium; never a downloaded browser (docs: notes/local-stack.md). */
export const CHROMIUM = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium'
const injectedWallet = fileURLToPath(new URL('../../packages/test-wallets/dist/injected.js', import.meta.url))

/**
 * What a cross-site frame (the secure origin in the host page) may store. Debian's Chromium (156)
 * blocks third-party storage by default, in every profile: a third-party frame's IndexedDB open
 * fails with 'The user denied permission to access the database' and document.hasStorageAccess()
 * is false. 'partitioned' switches that off (--disable-features=TrackingProtection3pcd): the frame
 * gets storage of its own per host site, as in Chrome's default, Firefox and Safari. 'blocked'
 * keeps Chromium's default, as in Chrome's incognito or with third-party cookies blocked.
 */
export type ThirdPartyStorage = 'partitioned' | 'blocked'

export function launchBrowser({ thirdPartyStorage = 'partitioned' }: { thirdPartyStorage?: ThirdPartyStorage } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}; run npm test (it installs Debian's chromium)`)
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...(thirdPartyStorage === 'partitioned' ? ['--disable-features=TrackingProtection3pcd'] : []),
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export interface WalletConfig {
  autoApprove?: boolean
  rejectAll?: boolean
  knownChainIds?: number[]
  privateKey?: `0x${string}`
  /** The chains the wallet knows (default: the stack's devnet chains). */
  chains?: Array<{ chainId: number; name: string; rpcUrl: string; nativeCurrency: { name: string; symbol: string; decimals: number } }>
  /** ERC-20 tokens the wallet tracks: with it, it advertises assetDiscovery and answers wallet_getAssets (SPEC §7). */
  assets?: `0x${string}`[]
  /** The Portico Solana Test Wallet in the same bundle (its rpcUrl defaults to the stack's Solana chain). */
  solana?: { autoApprove?: boolean; rejectAll?: boolean; accountIndex?: number; rpcUrl?: string }
  /** The Portico Bitcoin Test Wallet (Wallet Standard and sats-connect) in the same bundle; its url (Esplora) defaults to the stack's Bitcoin devnet. */
  bitcoin?: { autoApprove?: boolean; rejectAll?: boolean; accountIndex?: number; url?: string; walletStandard?: boolean; satsConnect?: boolean }
  /**
   * The Docs Bitcoin Wallet (written from the Wallet Standard's and sats-connect's documentation only), registered
   * only when set; approves everything unless rejectAll; dev account 5 by default; url (Esplora) defaults to the stack's.
   */
  bitcoinDocs?: { accountIndex?: number; url?: string; rejectAll?: boolean; walletStandard?: boolean; satsConnect?: boolean }
}

/**
 * A fresh browser profile with the Portico test wallet injected before any page script, the
 * way a browser extension injects its provider.
 */
export interface StackInfo {
  demoUrl: string
  apiUrl?: string
  chains: { chainId: number; name: string; rpcUrl: string }[]
  solana?: { rpcUrl: string }
  bitcoin?: { url: string }
}

/** What a journey may set on its browser profile: a phone's viewport and touch, reduced motion. */
export type ContextOptions = Pick<BrowserContextOptions, 'viewport' | 'hasTouch' | 'isMobile' | 'reducedMotion'>

export async function newWalletContext(stack: StackInfo, browser: Browser, wallet: WalletConfig = {}, options: ContextOptions = {}) {
  const context = await browser.newContext({ ...options, viewport: options.viewport ?? { width: 1100, height: 760 } })
  const chains = stack.chains.map((c) => ({ ...c, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }))
  await context.addInitScript(
    (config) => {
      ;(window as unknown as { __PORTICO_TEST_WALLET__: unknown }).__PORTICO_TEST_WALLET__ = config
    },
    { storageKey: 'portico-test-wallet', chains, ...wallet },
  )
  await context.addInitScript(
    (config) => {
      ;(window as unknown as { __PORTICO_SOLANA_TEST_WALLET__: unknown }).__PORTICO_SOLANA_TEST_WALLET__ = config
    },
    { storageKey: 'portico-solana-test-wallet', rpcUrl: stack.solana?.rpcUrl, ...wallet.solana },
  )
  await context.addInitScript(
    (config) => {
      ;(window as unknown as { __PORTICO_BITCOIN_TEST_WALLET__: unknown }).__PORTICO_BITCOIN_TEST_WALLET__ = config
    },
    // The sats-connect face (it answers as Xverse) only for a journey that asks for it, as a user has one extension or the other.
    { storageKey: 'portico-bitcoin-test-wallet', url: stack.bitcoin?.url, satsConnect: false, ...wallet.bitcoin },
  )
  if (wallet.bitcoinDocs) {
    await context.addInitScript(
      (config) => {
        ;(window as unknown as { __PORTICO_BITCOIN_DOCS_WALLET__: unknown }).__PORTICO_BITCOIN_DOCS_WALLET__ = config
      },
      { url: stack.bitcoin?.url, ...wallet.bitcoinDocs },
    )
  }
  await context.addInitScript({ path: injectedWallet })
  return context
}

export async function openDemo(stack: StackInfo, context: BrowserContext, query = ''): Promise<Page> {
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error('[page error]', error.message))
  await page.goto(stack.demoUrl + query)
  return page
}

export function connectButton(page: Page) {
  return page.getByTestId('portico-connect-button').getByRole('button')
}

export function modal(page: Page) {
  return page.getByRole('dialog')
}
