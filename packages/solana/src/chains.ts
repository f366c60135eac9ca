import type { CaipNetwork } from '@portico/core'
import type { Wallet } from '@wallet-standard/base'

/**
 * Wallet Standard's older chain names (@solana/wallet-standard-chains) and the CAIP-2 ids they
 * stand for: a wallet may list 'solana:mainnet' where Portico's network is
 * 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'.
 */
const NAMED_CHAINS: Record<string, string> = {
  'solana:mainnet': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:testnet': 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
}

/** The wallet's own id for a network (its CAIP-2 id, or the older name for it), if it supports it. */
export function walletChainFor(wallet: Pick<Wallet, 'chains'>, caipNetworkId: string): string | undefined {
  if (wallet.chains.includes(caipNetworkId as `${string}:${string}`)) return caipNetworkId
  return wallet.chains.find((chain) => NAMED_CHAINS[chain] === caipNetworkId)
}

/**
 * The network a connection is on: the one asked for when the wallet supports it, else the first
 * configured one it supports, else the first configured one (each transaction names its chain).
 */
export function pickNetwork(wallet: Pick<Wallet, 'chains'>, networks: readonly CaipNetwork[], wanted?: CaipNetwork): CaipNetwork | undefined {
  const supported = networks.filter((n) => walletChainFor(wallet, n.caipNetworkId))
  if (wanted && supported.some((n) => n.caipNetworkId === wanted.caipNetworkId)) return wanted
  return supported[0] ?? networks[0]
}
