import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { isSolanaWallet } from './walletStandard.js'

/** Calls back with the current Solana wallets now and on every change; returns a stop function. */
export type Discover = (onChange: (wallets: Wallet[]) => void) => () => void

/** The page's Wallet Standard registry (wallets registered before or after Portico loads). */
export const discoverStandardWallets: Discover = (onChange) => {
  const registry = getWallets()
  const emit = () => onChange(registry.get().filter(isSolanaWallet))
  const offs = [registry.on('register', emit), registry.on('unregister', emit)]
  emit()
  return () => offs.forEach((off) => off())
}
