import { isValidAddress, isValidName, NameRule } from '@portico/core/spec'
import { getAddress } from 'viem'

/** The signed message is valid from 10 minutes in the past to 1 minute in the future. */
export const MAX_MESSAGE_AGE_SECONDS = 10 * 60
export const MAX_MESSAGE_SKEW_SECONDS = 60

/** ENSIP-11: coin type 60 is Ethereum mainnet; other EVM chains use 0x80000000 | chainId. */
export const ETH_COIN_TYPE = 60
export const EVM_COIN_TYPE_FLAG = 0x80000000

export type Result<T> = { ok: true; value: T } | { ok: false; error: string; description: string }
const fail = (error: string, description: string) => ({ ok: false as const, error, description })

/** The coin type a client registers with for an EVM chain id. */
export function coinTypeForChainId(chainId: number): number {
  return chainId === 1 ? ETH_COIN_TYPE : (EVM_COIN_TYPE_FLAG | chainId) >>> 0
}

/**
 * The EVM chain id of an ENSIP-11 coin type: 60 → 1, 0x80000000 | id → id (0 means "any EVM
 * chain"). Coin types computed with a signed `|` (negative numbers) are accepted too.
 * Undefined for non-EVM coin types.
 */
export function chainIdFromCoinType(coinType: number): number | undefined {
  if (!Number.isInteger(coinType)) return undefined
  const normalized = coinType < 0 && coinType >= -0x80000000 ? coinType >>> 0 : coinType
  if (normalized === ETH_COIN_TYPE) return 1
  if (normalized >= EVM_COIN_TYPE_FLAG && normalized <= 0xffffffff) return normalized - EVM_COIN_TYPE_FLAG
  return undefined
}

/** The stored form of a coin type (unsigned). */
export function normalizeCoinType(coinType: number): number {
  return coinType < 0 && coinType >= -0x80000000 ? coinType >>> 0 : coinType
}

/**
 * A full name (`label` + suffix), lower-cased. A bare label gets the suffix appended when
 * `appendSuffix` is set (lookups); registration requires the suffix.
 */
export function parseName(input: string, suffix: string, { appendSuffix = false } = {}): Result<{ name: string; label: string }> {
  const lower = input.trim().toLowerCase()
  const sfx = suffix.toLowerCase()
  let label: string
  if (lower.endsWith(sfx)) label = lower.slice(0, -sfx.length)
  else if (appendSuffix && !lower.includes('.')) label = lower
  else return fail('Invalid name', `The name must end with ${suffix} (for example alice${suffix})`)
  // SPEC §5's name rule, core's own function: the modal's hint and this check agree.
  if (!isValidName(label)) return fail('Invalid name', `"${label}" is not a valid name: use ${NameRule}, followed by ${suffix}`)
  return { ok: true, value: { name: label + sfx, label } }
}

export type AddressKind = 'eip155' | 'solana'

/** An address with its namespace and its lookup key (EVM: lower-case 0x form; Solana: as is). */
export function parseAddress(input: string): { kind: AddressKind; address: string; key: string } | undefined {
  // SPEC §5 'Addresses and names' (core's rule): EVM with optional 0x, Solana base58.
  if (isValidAddress(input, 'eip155')) {
    const hex = input.startsWith('0x') ? input : `0x${input}`
    return { kind: 'eip155', address: getAddress(hex.toLowerCase()), key: hex.toLowerCase() }
  }
  if (isValidAddress(input, 'solana')) return { kind: 'solana', address: input, key: input }
  return undefined
}
