import type { Hex } from 'viem'

export interface TestWalletChain {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
}

/** What the approval UI (or an `onApprovalRequest` hook) is asked to decide. */
export interface ApprovalRequest {
  method: string
  params: unknown
  /** Origin of the dapp asking. */
  origin: string
  /** One-line summary, e.g. "Send 1.5 ETH to 0x…". */
  title: string
  /** Label/value rows shown under the title. */
  details: { label: string; value: string }[]
  account: string
  chainName: string
  /** Only to be seen (wallet_showCallsStatus): one Close button, nothing is decided. */
  acknowledge?: boolean
}

export interface TestWalletOptions {
  /** Default: anvil dev account 0 (public key: never use with real funds). */
  privateKey?: Hex
  /** Chains the wallet can reach. Default: the two Portico devnet chains. */
  chains?: TestWalletChain[]
  /**
   * Chains the wallet knows at start. Default: only the first of `chains`, so a
   * dapp must go through 4902 + wallet_addEthereumChain for the others.
   */
  knownChainIds?: number[]
  /** Chain selected at start (default: the first known chain or the persisted one). */
  initialChainId?: number
  /** Approve every request without UI. */
  autoApprove?: boolean
  /** Reject every request needing approval with 4001 (takes precedence over autoApprove). */
  rejectAll?: boolean
  /** localStorage key for persisted state; omit for in-memory state only. */
  storageKey?: string
  /** Custom approval UI / test hook. Default: the built-in dialog (browser) or rejection (no DOM). */
  onApprovalRequest?: (request: ApprovalRequest) => Promise<boolean> | boolean
  /** Origin shown in prompts and permissions. Default: location.origin. */
  origin?: string
  /**
   * ERC-20 tokens the wallet tracks (its token list; a real wallet's indexer stands here). With it,
   * wallet_getCapabilities advertises `assetDiscovery` and wallet_getAssets (ERC-7811) answers the
   * native balance and each token held, read on the chain. Default: none, no asset discovery.
   */
  assets?: Hex[]
  /** fetch used for chain RPCs (default: global fetch). */
  fetch?: typeof fetch
}

export interface RequestArguments {
  method: string
  params?: unknown[] | Record<string, unknown>
}

export type Listener = (...args: any[]) => void

export interface TestWalletProvider {
  request(args: RequestArguments): Promise<any>
  on(event: string, listener: Listener): TestWalletProvider
  removeListener(event: string, listener: Listener): TestWalletProvider
  off(event: string, listener: Listener): TestWalletProvider
  readonly isPorticoTestWallet: true
  /** Toggle at runtime (e2e tests: `window.porticoTestWallet.autoApprove = true`). */
  autoApprove: boolean
  rejectAll: boolean
  /** Current account address (whether or not the dapp is connected). */
  readonly address: Hex
  /** Current chain id (number). */
  readonly chainId: number
  /** Simulates the user disconnecting the site in the wallet UI (accountsChanged []). */
  disconnect(): void
  /** Simulates the user switching account in the wallet UI (accountsChanged if connected). */
  setAccount(privateKey: Hex): void
}
