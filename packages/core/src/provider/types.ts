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

/** SPEC §3 'Bitcoin accounts': what an address is for (payment at index 0, ordinal at index 1). */
export type BitcoinAddressIntention = 'payment' | 'ordinal'

/** One of the wallet's Bitcoin addresses, as WalletConnect's bip122 `getAccountAddresses` answers it. */
export interface BitcoinAccountAddress {
  address: string
  /** Hex: 33-byte compressed (P2WPKH, P2PKH) or 32-byte x-only (P2TR) public key, where the wallet gives it. */
  publicKey?: string
  /** BIP-32 derivation path, where the wallet gives it. */
  path?: string
  intention?: BitcoinAddressIntention
}

/** The bip122 methods, their parameters and answers: WalletConnect's bip122 namespace, which every Bitcoin wallet is driven through. */
export interface BitcoinRpcSchema {
  getAccountAddresses: {
    params: { account?: string; intentions?: BitcoinAddressIntention[] }
    result: BitcoinAccountAddress[]
  }
  /** `protocol`: 'ecdsa' (the legacy "Bitcoin Signed Message") or 'bip322' (simple; legacy for P2PKH). Signature in base64. */
  signMessage: {
    params: { account?: string; address: string; message: string; protocol?: 'ecdsa' | 'bip322' }
    result: { address: string; signature: string; messageHash?: string }
  }
  /** A PSBT in base64; `signInputs` names the inputs to sign (all of the wallet's when absent); `broadcast` sends it. */
  signPsbt: {
    params: {
      account?: string
      psbt: string
      signInputs?: { address: string; index: number; sighashTypes?: number[] }[]
      broadcast?: boolean
    }
    result: { psbt: string; txid?: string }
  }
  /** The wallet builds, signs and broadcasts a payment; `amount` in satoshis as a decimal string. */
  sendTransfer: {
    params: { account?: string; recipientAddress: string; amount: string; changeAddress?: string; memo?: string }
    result: { txid: string }
  }
}
export type BitcoinMethod = keyof BitcoinRpcSchema
export type BitcoinProviderEvent = 'bip122_addressesChanged' | 'disconnect'

/**
 * What `getProvider(portico, 'bip122')` returns: one shape over every Bitcoin wallet (Wallet Standard,
 * sats-connect, Leather, OKX, WalletConnect, the embedded wallet). Errors are `{ code, message }`:
 * 4001 rejected by the user, 4100 unauthorized, 4200 unsupported method, -32602 invalid parameters.
 */
export interface PorticoBitcoinProvider {
  request<M extends BitcoinMethod>(args: { method: M; params: BitcoinRpcSchema[M]['params'] }): Promise<BitcoinRpcSchema[M]['result']>
  on(event: BitcoinProviderEvent, listener: Listener): PorticoBitcoinProvider
  removeListener(event: BitcoinProviderEvent, listener: Listener): PorticoBitcoinProvider
  readonly isPortico: true
}
