import type { AccountType, CaipNetworkId, ChainNamespace } from '../caip.js'

/** A network's explorer, as `CaipNetwork.blockExplorers` gives it. */
export interface ExplorerNetwork {
  blockExplorers?: { default: { url: string } }
}

/**
 * What core knows of one chain family (one CAIP-2 namespace): the rules and data that views and
 * actions read instead of branching on the namespace. The chain's own work (connect, balances,
 * sends, signatures) is its adapter's (`ChainAdapter`); the server has its own `ChainFamily`.
 */
export interface ChainFamilyRecord {
  namespace: ChainNamespace
  /**
   * SPEC §5 'Addresses and names': whether `address` is an address of the family (syntax only), and
   * of the network when one is given and the family's addresses name their network (Bitcoin's
   * prefixes: a mainnet address on testnet is invalid).
   */
  isAddress(address: string, caipNetworkId?: CaipNetworkId): boolean
  /** The form a valid address is kept in (EVM: with the `0x` a user may leave out). */
  toAddress(address: string): string
  /** Whether two spellings of an address differ (EVM addresses are checksum-insensitive). */
  caseSensitiveAddresses: boolean
  /** The native unit every network of the family counts in by default, and its decimals. */
  native: { symbol: string; decimals: number }
  /** SPEC §6: the account types the family has, and its default. */
  accountTypes: readonly AccountType[]
  defaultAccountType: AccountType
  /** Links into a network's explorer; undefined when the network names none. */
  explorer: {
    address(network: ExplorerNetwork, address: string): string | undefined
    transaction(network: ExplorerNetwork, hash: string): string | undefined
  }
  /** SPEC §7 'Onramp provider link': the destinationCurrencyCode bought for an account of the family. */
  onrampCurrency: string
  /** Whether the Portico server serves the family's transaction history (the Activity view). */
  activity: boolean
  /** Whether Portico's swap flow (SPEC §6 swaps: quotes and calls on the server's configured DEX) serves the family; the Swap feature shows only then. */
  swaps: boolean
  /** Whether Portico reads the family's NFTs (the Account view's NFTs tab shows only then). */
  nfts: boolean
  /**
   * The least native amount (base units) a transfer to an address without an account must bring,
   * where the chain asks for one (Solana's rent-exempt minimum): the send form then reads the
   * receiver's balance. Absent where any amount may open an account.
   */
  receiverRent?: bigint
  /**
   * The least native amount (base units) a transfer may carry, where nodes refuse to relay less (Bitcoin's
   * dust limit): the send form says so before the preview. Absent where any amount goes.
   */
  dustLimit?: bigint
}
