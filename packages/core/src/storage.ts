import type { ChainNamespace } from './spec/caip.js'
import type { Connection } from './connectors.js'
import { Limits } from './spec/defaults.js'
import type { StorageLike } from './environment.js'

const PREFIX = '@portico'
/** SPEC §3 'Stored in the browser': the embedded wallet's login state lives under its own prefix. */
export const WALLET_PREFIX = '@portico/wallet'

/** SPEC §3 'Stored in the browser': every key Portico writes, by name. */
export const StorageKeys = {
  deepLinkChoice: `${PREFIX}/deep_link_choice`,
  activeNamespace: `${PREFIX}/active_namespace`,
  activeCaipNetworkId: `${PREFIX}/active_caip_network_id`,
  connectorId: (namespace: ChainNamespace) => `${PREFIX}/${namespace}:connected_connector_id`,
  recentWallets: `${PREFIX}/recent_wallets`,
  connectedSocial: `${PREFIX}/connected_social`,
  connections: `${PREFIX}/connections`,
  disconnectedConnectorIds: `${PREFIX}/disconnected_connector_ids`,
  preferredAccountTypes: `${PREFIX}/preferred_account_types`,
  portfolioCache: `${PREFIX}/portfolio_cache`,
  nativeBalanceCache: `${PREFIX}/native_balance_cache`,
  nameCache: `${PREFIX}/name_cache`,
  identityCache: `${PREFIX}/identity_cache`,
  transactionsCache: `${PREFIX}/transactions_cache`,
  /** Transactions a multi-signer Safe queued, followed until executed (actions/followQueuedTransaction.ts). */
  queuedTransactions: `${PREFIX}/queued_transactions`,
  tokenPriceCache: `${PREFIX}/token_price_cache`,
  /** The Portico server's sign-in session tokens, per address and chain (siwx/serverConfig.ts). */
  siwxTokens: `${PREFIX}/siwx_tokens`,
  wallet: {
    loginUsed: `${WALLET_PREFIX}/login_used`,
    email: `${WALLET_PREFIX}/email`,
    lastChain: `${WALLET_PREFIX}/last_chain`,
    socialUsername: `${WALLET_PREFIX}/social_username`,
  },
} as const

export interface RecentWallet {
  id: string
  name: string
  icon?: string
}

/** Typed, failure-tolerant access to the keys above. A broken or full storage never breaks the modal. */
export function createStorage(backing: StorageLike) {
  function read<T>(key: string, fallback: T): T {
    try {
      const raw = backing.getItem(key)
      return raw === null ? fallback : (JSON.parse(raw) as T)
    } catch {
      return fallback
    }
  }
  function write(key: string, value: unknown) {
    try {
      if (value === undefined || value === null) backing.removeItem(key)
      else backing.setItem(key, JSON.stringify(value))
    } catch {
      // Storage full or blocked (private mode): the session works, it just is not remembered.
    }
  }

  return {
    read,
    write,
    getConnectorId: (ns: ChainNamespace) => read<string | null>(StorageKeys.connectorId(ns), null),
    setConnectorId: (ns: ChainNamespace, id: string | null) => write(StorageKeys.connectorId(ns), id),
    getActiveNamespace: () => read<ChainNamespace | null>(StorageKeys.activeNamespace, null),
    setActiveNamespace: (ns: ChainNamespace) => write(StorageKeys.activeNamespace, ns),
    getActiveCaipNetworkId: () => read<string | null>(StorageKeys.activeCaipNetworkId, null),
    setActiveCaipNetworkId: (id: string) => write(StorageKeys.activeCaipNetworkId, id),
    getRecentWallets: () => read<RecentWallet[]>(StorageKeys.recentWallets, []),
    /** SPEC §9: recent wallets kept: 2, newest first, no duplicates (ignoring case). */
    addRecentWallet(wallet: RecentWallet) {
      const others = read<RecentWallet[]>(StorageKeys.recentWallets, []).filter((w) => w.id.toLowerCase() !== wallet.id.toLowerCase())
      write(StorageKeys.recentWallets, [wallet, ...others].slice(0, Limits.recentWallets))
    },
    getConnections: () => read<Partial<Record<ChainNamespace, Connection[]>>>(StorageKeys.connections, {}),
    setConnections: (value: Partial<Record<ChainNamespace, Connection[]>>) => write(StorageKeys.connections, value),
    getDisconnectedConnectorIds: () => read<Partial<Record<ChainNamespace, string[]>>>(StorageKeys.disconnectedConnectorIds, {}),
    addDisconnectedConnectorId(ns: ChainNamespace, id: string) {
      const all = read<Partial<Record<ChainNamespace, string[]>>>(StorageKeys.disconnectedConnectorIds, {})
      const list = (all[ns] ?? []).filter((x) => x.toLowerCase() !== id.toLowerCase())
      write(StorageKeys.disconnectedConnectorIds, { ...all, [ns]: [...list, id] })
    },
    removeDisconnectedConnectorId(ns: ChainNamespace, id: string) {
      const all = read<Partial<Record<ChainNamespace, string[]>>>(StorageKeys.disconnectedConnectorIds, {})
      write(StorageKeys.disconnectedConnectorIds, {
        ...all,
        [ns]: (all[ns] ?? []).filter((x) => x.toLowerCase() !== id.toLowerCase()),
      })
    },
    isConnectorDisconnected(ns: ChainNamespace, id: string) {
      const all = read<Partial<Record<ChainNamespace, string[]>>>(StorageKeys.disconnectedConnectorIds, {})
      return (all[ns] ?? []).some((x) => x.toLowerCase() === id.toLowerCase())
    },
  }
}

export type PorticoStorage = ReturnType<typeof createStorage>
