import type { ChainNamespace } from './spec/caip.js'
import type { CaipNetwork } from './networks.js'
import type { CaipNetworkId } from './spec/caip.js'
import type { SIWXMessageData } from './spec/siwx.js'
import type { SIWXAuthRequest } from './siwx/config.js'

/** What the WalletConnect package provides once loaded (core never imports it). */
export interface WalletConnectClient {
  /**
   * Starts a pairing; `onUri` gets each wc: URI to show; resolves once the wallet approved. With
   * `authRequest` (SPEC §4 one-click auth) the wallet may sign the sign-in with its approval: the
   * session then carries `auth`; a wallet that cannot only connects.
   */
  connect(parameters: { caipNetworks: readonly CaipNetwork[]; onUri(uri: string): void; authRequest?: WalletConnectAuthRequest }): Promise<WalletConnectSession>
  /** The session kept from before a reload, or null. */
  restore(): Promise<WalletConnectSession | null>
  disconnect(): Promise<void>
  /** The provider of one chain family of the session: EIP-1193 for eip155, a Wallet Standard wallet for solana. */
  providerFor(namespace: ChainNamespace): unknown
  onSessionEnd(listener: () => void): () => void
  /** This client's id on the relay (SPEC §7: appended to the API calls once known). */
  clientId?(): Promise<string | undefined>
  /** Called with each method sent to the wallet (not reads answered by the session or the RPC). */
  onWalletRequest?(listener: (method: string) => void): () => void
}

export interface WalletConnectSession {
  namespaces: ChainNamespace[]
  peer: { name: string; url?: string; icons?: string[] }
  /** The sign-in the wallet signed with its approval (one-click auth), when it did. */
  auth?: WalletConnectAuth
}

/** SPEC §4 one-click auth: the sign-in request, for these eip155 chains (the active one first). */
export interface WalletConnectAuthRequest extends SIWXAuthRequest {
  chains: CaipNetworkId[]
}

/** The signed sign-in (a CACAO): its message data, the exact text the wallet signed, the signature. */
export interface WalletConnectAuth {
  data: SIWXMessageData
  message: string
  signature: string
  cacao: Record<string, unknown>
}

/** What core tells the client at load, so the host states them once (in createPortico's options); the networks come with each connect. */
export interface WalletConnectLoadParameters {
  /** The host's projectId (the relay knows it). */
  projectId: string | undefined
  /** SPEC §3 'Dapp metadata sent to the wallet' (the host's part). */
  metadata: { name: string; description: string; url: string; icons: string[] } | undefined
}

/**
 * The host passes `walletConnect: walletConnect({...})` from @portico/walletconnect: a small
 * object whose `load()` imports the real client only when a user chooses a WalletConnect path.
 */
export interface WalletConnectLoader {
  load(parameters: WalletConnectLoadParameters): Promise<WalletConnectClient>
  /** SPEC §4 pairing cache: 'always', 'auto' (Telegram / iOS Safari) or 'never'. */
  cache?: 'always' | 'auto' | 'never'
}

/** The connector id a WalletConnect session is stored and listed under. */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'
