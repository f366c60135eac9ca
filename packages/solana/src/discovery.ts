import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import * as v from 'valibot'
import { StandardWalletSchema } from './schemas.js'
import { isSolanaWallet } from './walletStandard.js'

/** Calls back with the current Solana wallets now and on every change; returns a stop function. */
export type Discover = (onChange: (wallets: Wallet[]) => void) => () => void

const warned = new WeakSet<object>()

/**
 * The page's Wallet Standard registry (wallets registered before or after Portico loads), kept
 * when usable on Solana (isSolanaWallet). Malformed wallets are ignored with a warning; two
 * wallets of one name (a wallet registered twice) list once.
 */
export const discoverStandardWallets: Discover = (onChange) => {
  if (typeof window === 'undefined') {
    onChange([])
    return () => {}
  }
  const registry = getWallets()
  const emit = () => {
    const valid: Wallet[] = []
    for (const wallet of registry.get()) {
      const parsed = v.safeParse(StandardWalletSchema, wallet)
      if (!parsed.success) {
        if (!warned.has(wallet)) console.warn('[portico] ignored an invalid Wallet Standard wallet', parsed.issues[0]?.message)
        warned.add(wallet)
      } else if (isSolanaWallet(wallet) && !valid.some((w) => w.name === wallet.name)) valid.push(wallet)
    }
    onChange(valid)
  }
  const offs = [registry.on('register', emit), registry.on('unregister', emit)]
  emit()
  return () => offs.forEach((off) => off())
}
