// The public providers' shapes (getProvider's answers), apart from the action so the Portico type needs no action.
export type Eip1193Event = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message'
type Listener = (...args: any[]) => void

/** EIP-1193: what `getProvider(portico, 'eip155')` returns. viem's `custom(provider)` takes it as is. */
export interface PorticoEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: Eip1193Event, listener: Listener): PorticoEip1193Provider
  removeListener(event: Eip1193Event, listener: Listener): PorticoEip1193Provider
  readonly isPortico: true
}

export type GetProviderReturnType = PorticoEip1193Provider | undefined

/**
 * What `getProvider(portico, 'solana')` returns: the connection's Wallet Standard wallet itself
 * (@wallet-standard/base's `Wallet`, described here by shape; core does not depend on it).
 */
export interface SolanaWalletProvider {
  readonly version: string
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly accounts: readonly {
    readonly address: string
    readonly publicKey: Uint8Array
    readonly chains: readonly string[]
    readonly features: readonly string[]
  }[]
  readonly features: Readonly<Record<string, unknown>>
}
