/** Registers the wallet with Wallet Standard (apps find it through getWallets()) and exposes the handle on window. */
import { registerWallet } from '@wallet-standard/wallet'
import type { SolanaTestWalletHandle } from './types'

declare global {
  interface Window {
    porticoSolanaTestWallet?: SolanaTestWalletHandle
  }
}

export function registerSolanaTestWallet(handle: SolanaTestWalletHandle): void {
  if (typeof window !== 'undefined') window.porticoSolanaTestWallet = handle
  registerWallet(handle.wallet)
}
