import type { ChainNamespace } from '@portico/core/spec'
import type { ServerConfig } from '../config.js'
import type { ServerContext } from '../context.js'
import type { NativeCurrency } from './assets.js'
import type { PriceSource } from './priceSource.js'
import type { TokenBalance } from './tokenBalance.js'

/** A signed sign-in message (CAIP-122) to check against its account. */
export interface SiwxSignature {
  chainId: string
  address: string
  message: string
  signature: string
}

/** A follower of addresses on demand (solana/indexer.ts): an address's activity is read from the first time it is asked about. */
export interface Follower {
  /** CAIP-2 ids of the chains it follows; none when it is off (no RPC, or the indexer disabled). */
  readonly chains: readonly string[]
  /** Follows `address` on `chainId` from now on and brings its history up to date first, waiting a few seconds at most. Never throws. */
  watch(chainId: string, address: string): Promise<void>
  stop(): Promise<void>
}

/** The sandbox onramp's purchases of devnet USDC on a family's devnet chains (onramp/sandbox.ts, onramp/orders.ts). */
export interface SandboxOnramp {
  /** How the sandbox lists a configured devnet chain (its network's name, label and chain id); undefined when `chainId` is not a chain of the family. */
  network(chainId: string): { name: string; display_name: string; chain_id: string } | undefined
  /** Mints `units` of the chain's devnet USDC (`usdc`) to `to` from the configured minter key; answers the transaction's id. */
  mint(order: { chainId: string; rpcUrl: string; usdc: string; decimals: number; minterKey: string; to: string; units: bigint }): Promise<string>
}

/**
 * What the server knows about one chain family (a CAIP-2 namespace): the routes ask their family instead of
 * branching on a namespace. A new family is its own files plus one line in chain/families.ts.
 */
export interface ChainFamily {
  readonly namespace: ChainNamespace
  /** The family's words in refusals: `name` ('EVM'), `address` ('an EVM address'), `addressRule` ('an EVM (0x + 40 hex)'), `chain` ('an eip155 chain'). */
  readonly words: { name: string; address: string; addressRule: string; chain: string }
  /** SPEC §5 'Addresses and names': whether `address` is one of this family's. */
  isAddress(address: string): boolean
  /** The form an address is stored and looked up in (balance cache, indexed history): EVM lower case, others as given. */
  accountKey(address: string): string
  /** An address as answered (from its stored form): EVM checksummed. */
  shownAddress(key: string): string
  /** The JSON-RPC methods the server's RPC proxy forwards to the family's chains (chain/rpcRoutes.ts): reads and the broadcast of a signed transaction. */
  readonly rpcMethods: ReadonlySet<string>
  /** Whether the server can read `chainId` (an RPC is configured for it). */
  reachable(ctx: ServerContext, chainId: string): boolean
  /** The chain's native currency and configured tokens (ServerConfig.chainAssets). */
  assets(
    config: ServerConfig,
    chainId: string,
  ): { native: NativeCurrency; tokens: ReadonlyArray<{ address: string; name: string; symbol: string; decimals: number }> }
  /** The native and configured token balances of an account (its accountKey), read from the chain; throws ChainUnavailableError. */
  readBalances(ctx: ServerContext, prices: PriceSource, chainId: string, key: string): Promise<TokenBalance[]>
  /** A CAIP-10 token id of this family (`<chain>:<token>` or `<chain>:native`), or null. */
  parseToken(value: string): { chainId: string; address: string } | null
  /** A token's name and symbol (null when unknown), or undefined when the chain does not have it. */
  tokenInfo(ctx: ServerContext, chainId: string, address: string): Promise<{ name: string | null; symbol: string | null } | undefined>
  /** History: the address transfers come from when tokens are minted, and whether a transaction's fee is answered. */
  readonly history: { mintSource: string; showsFee: boolean }
  /**
   * Set when the family's addresses are followed on demand (read from the first time the API is asked about them):
   * its follower, started once with the server's background work (services/index.ts), reached through ctx.follow.
   */
  startFollower?(ctx: ServerContext): Follower
  /**
   * Onramp: the currency a wallet of this family buys, the provider's `blockchains` name that asks for this family,
   * and the sandbox's purchases on the family's devnets (absent: the sandbox completes none for this family).
   */
  readonly onramp: { currency: 'USDC' | 'SOL' | 'BTC'; blockchain?: string; sandbox?: SandboxOnramp }
  /** SIWX (CAIP-122): whether `signature` is the account's over `message`; may throw when it cannot be checked. */
  verifySiwx(ctx: ServerContext, signed: SiwxSignature): Promise<boolean>
}
