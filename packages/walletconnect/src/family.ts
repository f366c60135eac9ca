import type { CaipNetwork, ChainNamespace } from '@portico/core'
import type UniversalProvider from '@walletconnect/universal-provider'

/** What a family's link is made of: the session's provider and the client's hook for requests sent to the wallet. */
export interface WalletConnectLinkDeps {
  provider: UniversalProvider
  onWalletRequest: (method: string) => void
}

/**
 * One chain family's link to WalletConnect sessions: what the session proposal asks for it and the
 * provider its adapter talks to (the family's shell over the session). Registered in families.ts.
 */
export interface WalletConnectFamily {
  namespace: ChainNamespace
  /** The methods and events the session proposal asks for. */
  methods: readonly string[]
  events: readonly string[]
  /** The proposal's rpcMap for the host's networks of this family: reads go to the host's RPC, never a public one. */
  rpcMap(networks: readonly CaipNetwork[]): Record<string, string>
  provider(deps: WalletConnectLinkDeps): unknown
  /** Made again after each connect, when the provider keeps state of its session (EIP-1193's chain). */
  perSession?: boolean
}
