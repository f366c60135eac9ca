import type { Wallet, WalletAccount } from '@wallet-standard/base'

/** The Wallet Standard features Portico uses, typed loosely at the boundary and checked where called. */
export interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>
}
export interface DisconnectFeature {
  disconnect(): Promise<void>
}
export interface EventsFeature {
  on(event: 'change', listener: (properties: { accounts?: readonly WalletAccount[]; chains?: readonly string[] }) => void): () => void
}
export interface SignMessageFeature {
  signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
}
export interface SignTransactionFeature {
  signTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]): Promise<readonly { signedTransaction: Uint8Array }[]>
}
export interface SignAndSendTransactionFeature {
  signAndSendTransaction(
    ...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string; options?: { commitment?: string } }[]
  ): Promise<readonly { signature: Uint8Array }[]>
}

export type SolanaWallet = Wallet

const SIGN_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const

/** A wallet Portico can use on Solana: connect, events, a solana: sign feature and a solana: chain. */
export function isSolanaWallet(wallet: Wallet): boolean {
  return (
    'standard:connect' in wallet.features &&
    'standard:events' in wallet.features &&
    SIGN_FEATURES.some((feature) => feature in wallet.features) &&
    wallet.chains.some((chain) => chain.startsWith('solana:'))
  )
}

export function feature<T>(wallet: Wallet, name: string): T | undefined {
  return (wallet.features as Record<string, unknown>)[name] as T | undefined
}
