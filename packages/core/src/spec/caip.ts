/** CAIP identifiers (CAIP-2 chains, CAIP-10 accounts) and the chain families of SPEC §3. */
export const ChainNamespaces = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof ChainNamespaces)[number]

/** `namespace:reference`, e.g. `eip155:1` */
export type CaipNetworkId = `${ChainNamespace}:${string}`
/** `namespace:reference:address`, e.g. `eip155:1:0xabc…` */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal'

/** SPEC §6: default account type per chain family. */
export const DefaultAccountTypes: Record<ChainNamespace, AccountType> = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
  cosmos: 'eoa',
}

export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (ChainNamespaces as readonly string[]).includes(value)
}

/** SPEC §5: a CAIP address has three non-empty colon-separated parts with a known chain namespace. */
export function isCaipAddress(value: unknown): value is CaipAddress {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return parts.length === 3 && parts.every((part) => part.length > 0) && isChainNamespace(parts[0])
}

/**
 * The CAIP-2 chain id syntax (`namespace:reference`), any namespace: what the server and the
 * options accept at a boundary. The reference allows 64 characters (CAIP-2 says 32) so that
 * longer genesis-hash references still pass.
 */
export const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,64}$/
/** The CAIP-10 account id syntax (`namespace:reference:address`), any namespace. */
export const CAIP10_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,64}:[-.%a-zA-Z0-9]{1,128}$/
/** An eip155 CAIP-2 id; the reference is the decimal chain id (at most 10 digits: below 2^31). */
const EIP155_CHAIN = /^eip155:(\d{1,10})$/

/** Whether `value` is a CAIP-2 chain id of any namespace (syntax only). */
export function isCaip2(value: unknown): value is string {
  return typeof value === 'string' && CAIP2_PATTERN.test(value)
}

/** A CAIP-10 account id's parts, or undefined when `value` is not one (syntax only, any namespace). */
export function parseCaip10(value: string): { chainId: string; address: string } | undefined {
  if (!CAIP10_PATTERN.test(value)) return undefined
  const last = value.lastIndexOf(':')
  return { chainId: value.slice(0, last), address: value.slice(last + 1) }
}

/** The numeric chain id of an eip155 CAIP-2 id (`eip155:1` → 1); undefined for anything else. */
export function eip155ChainId(value: unknown): number | undefined {
  const match = typeof value === 'string' ? EIP155_CHAIN.exec(value) : null
  return match ? Number(match[1]) : undefined
}

export function parseCaipAddress(caipAddress: CaipAddress) {
  const [namespace, reference, address] = caipAddress.split(':') as [ChainNamespace, string, string]
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` as CaipNetworkId }
}

export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}`
}

export function parseCaipNetworkId(id: CaipNetworkId) {
  const index = id.indexOf(':')
  return { namespace: id.slice(0, index) as ChainNamespace, reference: id.slice(index + 1) }
}
