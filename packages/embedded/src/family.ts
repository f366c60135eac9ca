import type { ChainNamespace, EmbeddedWalletUser } from '@portico/core'
import type { FrameTransport } from './frameTransport.js'

/** What a family's link is made of: the frame client's user and transport, and the host's networks of the family. */
export interface EmbeddedLinkDeps {
  /** The frame's signed-in user; undefined while signed out. */
  user(): EmbeddedWalletUser | undefined
  /** The host's networks of this family (CAIP-2). */
  chains: readonly string[]
  transport: FrameTransport
  /** A request to the frame's RPC for this family (RPC_REQUEST with its chainNamespace). */
  rpc(method: string, params: unknown, chainId: string | number | undefined): Promise<unknown>
  /** How the embedded wallet appears where the family lists wallets (the Wallet Standard). */
  wallet: { name: string; icon: `data:image/svg+xml;base64,${string}` }
}

/**
 * Why the user changed: read from the frame (a sign-in, GET_USER), the frame said nobody is
 * connected, or the host signed out.
 */
export type UserChange = 'read' | 'notConnected' | 'signOut'

export interface EmbeddedFamilyLink {
  /** The provider the family's adapter talks to; undefined when the family has nothing to offer the host. */
  provider: unknown
  /** Called after the client's user changed, with the user before. */
  userChanged(before: EmbeddedWalletUser | undefined, change: UserChange): void
}

/** One chain family's link to the secure frame: how its provider is made. Registered in families.ts. */
export interface EmbeddedFamily {
  namespace: ChainNamespace
  link(deps: EmbeddedLinkDeps): EmbeddedFamilyLink
}
