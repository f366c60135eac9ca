import { Limits } from './defaults.js'

/** A wallet of the registry (GET /getWallets) or a host's custom wallet. */
export interface WalletListItem {
  id: string
  name: string
  rdns?: string | null
  image_url?: string
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  homepage?: string
  app_store?: string | null
  play_store?: string | null
}

/** The injected fallback entry's name in wallet lists. */
export const BROWSER_WALLET_NAME = 'Browser Wallet'

export interface WalletListContext {
  excludeWalletIds?: readonly string[]
  isMobile: boolean
  /** rdns of wallets announced in this browser (EIP-6963). */
  installedRdns: readonly string[]
}

/**
 * SPEC §5 'Wallet list': excluded wallets are hidden; the injected 'Browser Wallet' is hidden on
 * desktop, and on mobile when it has no rdns and nothing is installed. Installed wallets are not
 * listed twice (they show as installed connectors already).
 */
export function filterWallets<T extends WalletListItem>(wallets: readonly T[], ctx: WalletListContext): T[] {
  const excluded = new Set(ctx.excludeWalletIds ?? [])
  return wallets.filter((wallet) => {
    if (excluded.has(wallet.id)) return false
    if (wallet.name === BROWSER_WALLET_NAME) {
      if (!ctx.isMobile) return false
      if (!wallet.rdns && ctx.installedRdns.length === 0) return false
    }
    if (wallet.rdns && ctx.installedRdns.includes(wallet.rdns)) return false
    return true
  })
}

/**
 * SPEC §5 'Wallet list' for the installed connectors: the injected 'Browser Wallet' (a wallet that
 * only sets `window.ethereum`, e.g. a wallet app's in-app browser) is hidden on desktop, where
 * extensions announce themselves; on a phone it shows only when something is installed, which
 * the connector's existence already says.
 */
export function isBrowserWalletHidden(connector: { type: string; name: string; info?: { rdns?: string } }, isMobile: boolean): boolean {
  if (connector.type !== 'INJECTED' || connector.name !== BROWSER_WALLET_NAME) return false
  return !isMobile && !connector.info?.rdns
}

/**
 * Featured wallets first, in the host's order, then the rest; custom wallets after featured.
 * SPEC §9: 'Recent wallets kept: 2' and 'Recommended wallets: 4' for the Connect view.
 */
export function orderWallets<T extends WalletListItem>(
  wallets: readonly T[],
  { featuredWalletIds = [], recentIds = [] }: { featuredWalletIds?: readonly string[]; recentIds?: readonly string[] },
): T[] {
  const rank = (w: T) => {
    const recent = recentIds.indexOf(w.id)
    if (recent !== -1 && recent < Limits.recentWallets) return recent
    const featured = featuredWalletIds.indexOf(w.id)
    if (featured !== -1) return 10 + featured
    return 1000
  }
  return wallets
    .map((w, i) => ({ w, i }))
    .sort((a, b) => rank(a.w) - rank(b.w) || a.i - b.i)
    .map(({ w }) => w)
}

/** SPEC §9: the first 4 ordered wallets are recommended on the Connect view. */
export function recommendedWallets<T extends WalletListItem>(ordered: readonly T[]): T[] {
  return ordered.slice(0, Limits.recommendedWallets)
}
