import type { AccountType, CaipNetworkId, ChainNamespace } from './spec/caip.js'
import type { Connection, Connector } from './connectors.js'
import type { CaipNetwork } from './networks.js'

export interface AdapterAccount {
  address: string
  type: AccountType
}

export interface AdapterConnectResult {
  connectorId: string
  accounts: AdapterAccount[]
  /** The chain the wallet is on, as a CAIP-2 id of the adapter's namespace. */
  caipNetworkId: CaipNetworkId
}

export interface AdapterBalance {
  /** Exact base-unit amount as a decimal string. */
  value: string
  decimals: number
  symbol: string
}

/** SPEC §7 'A chain-specific RPC host is used for a known list of chains: {rpc}/v1/?chainId={id}&projectId={projectId}'. */
export interface RpcHost {
  /** The Portico server; without it there is no RPC host. */
  apiUrl?: string
  projectId?: string
}

export interface AdapterEvents {
  accountsChanged(connectorId: string, accounts: AdapterAccount[]): void
  chainChanged(connectorId: string, caipNetworkId: CaipNetworkId): void
  disconnected(connectorId: string): void
}

/** A transfer of the native currency (no tokenAddress) or of a token. */
export interface TransferParameters {
  connectorId: string
  caipNetwork: CaipNetwork
  from: string
  to: string
  /** Base units. */
  amount: bigint
  /** Token contract (EVM) or mint (Solana); absent for the native currency. */
  tokenAddress?: string
  /** Fee rate in sat/vB (bip122); the adapter's 'normal' rate when absent. */
  feeRate?: number
}

/** Fee rates in sat/vB for a bip122 network, from slow to fast. */
export interface AdapterFeeRates {
  slow: number
  normal: number
  fast: number
}

/**
 * The one interface every chain family implements (SPEC §1: eip155, solana, bip122, …).
 * Core orchestrates; adapters talk to wallets and chains and turn wallet errors into typed
 * PorticoErrors at this boundary.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /**
   * The networks of this namespace the host configured, and the host's enableEIP6963 option
   * (SPEC §3: off, an EVM adapter does not listen for EIP-6963 announcements); set by core.
   */
  setup(parameters: {
    networks: readonly CaipNetwork[]
    events: AdapterEvents
    enableEIP6963?: boolean
    /** The project's Portico server, when apiUrl is set: SPEC §7's chain-specific RPC host for the chains it serves. */
    rpcHost?: RpcHost
  }): void
  /** Calls back with the current list of connectors now and whenever wallets announce themselves. */
  watchConnectors(onChange: (connectors: Connector[]) => void): () => void
  /** Asks the wallet for accounts, prompting the user. */
  connect(parameters: { connectorId: string; caipNetwork?: CaipNetwork }): Promise<AdapterConnectResult>
  /** Restores a previous connection without prompting; null when the wallet is gone or no longer authorized. */
  reconnect(parameters: { connectorId: string; timeoutMs?: number }): Promise<AdapterConnectResult | null>
  /**
   * Connects, without prompting, the wallet of a host that framed the page and so authorized it
   * (a Safe{Wallet} app frame's Safe on eip155); null when the page has no such host.
   */
  autoConnect?(): Promise<AdapterConnectResult | null>
  disconnect(parameters: { connectorId: string }): Promise<void>
  switchNetwork(parameters: { connectorId: string; caipNetwork: CaipNetwork }): Promise<void>
  getBalance(parameters: { address: string; caipNetwork: CaipNetwork; connectorId?: string }): Promise<AdapterBalance>
  /** Signs a text message (EIP-191 personal_sign on EVM); used by sign-in and name registration. */
  signMessage?(parameters: { connectorId: string; address: string; message: string }): Promise<string>
  /** Adds a connector whose provider comes from elsewhere (a WalletConnect session's). */
  addConnector?(connector: Connector): void
  /**
   * Sends a transfer through the wallet (the user approves it there); resolves with its hash.
   * `queued`: the wallet queued it for more approvals (a multi-signer Safe) and `hash` is its own
   * id, which waitForTransaction follows until the wallet executes it.
   */
  sendTransfer?(parameters: TransferParameters): Promise<{ hash: string; queued?: boolean }>
  /** Sends a prepared contract call through the wallet (a swap or its approval; EVM); resolves with its hash (`queued` as for sendTransfer). */
  sendTransaction?(parameters: {
    connectorId: string
    caipNetwork: CaipNetwork
    from: string
    to: string
    data: `0x${string}`
    /** Native currency sent along, base units. */
    value: bigint
    gas?: bigint
  }): Promise<{ hash: string; queued?: boolean }>
  /** SPEC §5 network fee choice: the network's fee rates in sat/vB (bip122), slow/normal/fast. */
  getFeeRates?(parameters: { caipNetwork: CaipNetwork }): Promise<AdapterFeeRates>
  /** The network fee the transfer would cost, in the native currency. */
  estimateTransferFee?(parameters: TransferParameters): Promise<AdapterBalance>
  /**
   * The receipt's status (and the chain hash, for a queued transaction once executed). `queuedBy`: `hash`
   * is the id a wallet queued it under (sendTransfer's `queued`), through this connector, also after a reload.
   */
  waitForTransaction?(parameters: { hash: string; caipNetwork: CaipNetwork; queuedBy?: string }): Promise<{ status: 'success' | 'reverted'; hash?: string }>
  /** A chain's own name service (ENS on Ethereum), when it has one. */
  resolveName?(parameters: { name: string; caipNetwork: CaipNetwork }): Promise<{ address: string; avatar?: string } | null>
  /**
   * The wallet's own provider behind a connector (EIP-1193 on eip155), which the public
   * `getProvider` forwards requests to.
   */
  getProvider?(connectorId: string): unknown
  /** Optional: current connections the adapter knows (used for multi-wallet). */
  getConnections?(): Connection[]
}
