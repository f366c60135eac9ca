import { eip155ChainId, isValidAddress, parseCaip10 as caip10Parts } from '@portico/core/spec'
import { getAddress } from 'viem'
import type { ServerConfig } from '../config.js'

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface ConfiguredToken {
  /** Checksummed contract address. */
  address: `0x${string}`
  name: string
  symbol: string
  decimals: number
}

/** Used for an eip155 chain with an RPC URL but no `chainAssets` entry. */
const DEFAULT_NATIVE: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** Placeholder some clients use for the native token in CAIP-10 addresses. */
export const NATIVE_PLACEHOLDER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Used for a solana chain with an RPC URL but no `chainAssets` entry: SOL in lamports. */
const DEFAULT_SOLANA_NATIVE: NativeCurrency = { name: 'Solana', symbol: 'SOL', decimals: 9 }

/** A configured SPL mint (either token program), its address as configured (base58 is case-sensitive). */
export interface ConfiguredMint {
  address: string
  name: string
  symbol: string
  decimals: number
}

/** The native currency and reported ERC20 tokens of an eip155 chain (ServerConfig.chainAssets); no tokens elsewhere. */
export function chainAssets(config: ServerConfig, chainId: string): { native: NativeCurrency; tokens: ConfiguredToken[] } {
  if (chainId.startsWith('solana:')) return { native: solanaAssets(config, chainId).native, tokens: [] }
  const entry = config.chainAssets?.[chainId]
  return {
    native: entry?.native ?? DEFAULT_NATIVE,
    tokens: (entry?.tokens ?? []).map((t) => ({ ...t, address: getAddress(t.address) })),
  }
}

/** The native currency (SOL) and the configured SPL mints of a solana chain (ServerConfig.chainAssets). */
export function solanaAssets(config: ServerConfig, chainId: string): { native: NativeCurrency; tokens: ConfiguredMint[] } {
  const entry = config.chainAssets?.[chainId]
  return { native: entry?.native ?? DEFAULT_SOLANA_NATIVE, tokens: entry?.tokens ?? [] }
}

/** A configured token of a chain by (any-case) address. */
export function configuredToken(config: ServerConfig, chainId: string, address: string): ConfiguredToken | undefined {
  const lower = address.toLowerCase()
  return chainAssets(config, chainId).tokens.find((t) => t.address.toLowerCase() === lower)
}

/**
 * Parses a CAIP-10 account id (`eip155:1:0x…`); for eip155 the address must be a 40-hex address
 * or `native` (also accepted: the 0xeeee… placeholder, which maps to `native`).
 */
export function parseCaip10(value: string): { chainId: string; address: `0x${string}` | 'native' } | null {
  const parts = caip10Parts(value)
  if (!parts || eip155ChainId(parts.chainId) === undefined) return null
  const { chainId, address } = parts
  if (address === 'native' || address.toLowerCase() === NATIVE_PLACEHOLDER) return { chainId, address: 'native' }
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return null
  return { chainId, address: getAddress(address.toLowerCase()) }
}

/** Parses a solana CAIP-10 token id (`solana:<ref>:<base58 mint>` or `solana:<ref>:native`). */
export function parseSolanaCaip10(value: string): { chainId: string; address: string } | null {
  const parts = caip10Parts(value)
  if (!parts || !parts.chainId.startsWith('solana:')) return null
  if (parts.address !== 'native' && !isValidAddress(parts.address, 'solana')) return null
  return { chainId: parts.chainId, address: parts.address }
}
