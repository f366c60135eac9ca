import type { NativeCurrency } from '../chain/assets.js'
import type { ServerConfig } from '../config.js'

/** BTC in satoshis (8 decimals), unless config.chainAssets names the chain's native currency otherwise. */
const DEFAULT_BITCOIN_NATIVE: NativeCurrency = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

/** A bip122 chain's native currency; Bitcoin chains have no configured tokens. */
export function bitcoinAssets(config: ServerConfig, chainId: string): { native: NativeCurrency; tokens: [] } {
  return { native: config.chainAssets?.[chainId]?.native ?? DEFAULT_BITCOIN_NATIVE, tokens: [] }
}

/** A bip122 CAIP-10 token id: only the native currency (`bip122:<ref>:native`). */
export function parseBitcoinToken(value: string): { chainId: string; address: string } | null {
  const match = /^(bip122:[0-9a-f]{32}):native$/.exec(value)
  return match ? { chainId: match[1]!, address: 'native' } : null
}
