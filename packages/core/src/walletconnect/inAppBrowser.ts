import type { Portico } from '../portico.js'
import { eip155ChainId, type ChainNamespace } from '../spec/caip.js'

/** What a wallet's in-app-browser link is built from: the page to open and where the user is. */
export interface InAppBrowserContext {
  /** The host page's URL, opened inside the wallet. */
  href: string
  /** The page's origin (the referrer some wallets show). */
  origin: string
  namespace: ChainNamespace
  /** The active EVM network's chain id, when the active network is one. */
  evmChainId?: number
}

export interface InAppBrowserWallet {
  /** The wallet's registry id (Portico server's /getWallets). */
  id: string
  name: string
  /** EIP-6963 rdns, when the wallet announces one: an announced or injected wallet is used as is. */
  rdns?: string
  /** The chain families on which it opens the page in its browser instead of pairing (undefined: every one). */
  namespaces?: readonly ChainNamespace[]
  /** The wallet's universal link that opens `href` in its in-app browser. */
  link(context: InAppBrowserContext): string
}

/** Base64, made safe for a query string (a '+' would read as a space). */
const base64 = (text: string) => encodeURIComponent(btoa(text))

/**
 * SPEC §9 'Mobile redirect handling exists for several named wallets': the named wallets and the
 * universal links (their publicly documented formats) that open a page in their in-app browser.
 * Phantom and Solflare do not pair over the WalletConnect relay; Coinbase Wallet pairs on EVM
 * but takes Solana only in its browser; Binance Wallet takes Bitcoin only in its browser.
 */
export const InAppBrowserWallets: readonly InAppBrowserWallet[] = [
  {
    id: 'phantom',
    name: 'Phantom',
    rdns: 'app.phantom',
    link: ({ href, origin }) => `https://phantom.app/ul/browse/${encodeURIComponent(href)}?ref=${encodeURIComponent(origin)}`,
  },
  {
    id: 'solflare',
    name: 'Solflare',
    link: ({ href }) => `https://solflare.com/ul/v1/browse/${encodeURIComponent(href)}?ref=${encodeURIComponent(href)}`,
  },
  {
    id: 'coinbase',
    name: 'Coinbase Wallet',
    rdns: 'com.coinbase.wallet',
    namespaces: ['solana'],
    link: ({ href }) => `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(href)}`,
  },
  {
    id: 'binance',
    name: 'Binance Wallet',
    rdns: 'com.binance.wallet',
    namespaces: ['bip122'],
    // Binance's mini-program link to its browser page, wrapped in its download page's universal link.
    link: ({ href, evmChainId }) => {
      const query = base64(`url=${encodeURIComponent(href)}&defaultChainId=${evmChainId ?? 1}`)
      const app = `bnc://app.binance.com/mp/app?appId=yFK5FCqYprrXDiVFbhyRx7&startPagePath=${base64('/pages/browser/index')}&startPageQuery=${query}`
      return `https://app.binance.com/en/download?_dp=${base64(app)}`
    },
  },
]

/**
 * The one rule: on a phone, choosing a named wallet that is not announced or injected in this page
 * opens the page inside that wallet's in-app browser (where it connects as the browser's wallet)
 * instead of pairing; elsewhere, or for any other wallet, undefined and pairing goes on.
 */
export function inAppBrowserLink(portico: Portico, wallet: { id: string; name?: string }): string | undefined {
  if (!portico.environment.isMobile()) return undefined
  const entry = InAppBrowserWallets.find((w) => w.id === wallet.id)
  const href = portico.environment.href()
  const origin = portico.environment.origin()
  const { activeNamespace: namespace, caipNetwork } = portico.stores.network.getState()
  if (!entry || !href || !origin || (entry.namespaces && !entry.namespaces.includes(namespace))) return undefined
  const named = entry.name.toLowerCase()
  const present = portico.stores.connections
    .getState()
    .connectors.some((c) => c.type !== 'WALLET_CONNECT' && ((entry.rdns && c.info?.rdns === entry.rdns) || c.name.toLowerCase() === named))
  if (present) return undefined
  const evmChainId = eip155ChainId(caipNetwork?.caipNetworkId)
  return entry.link({ href, origin, namespace, evmChainId })
}
