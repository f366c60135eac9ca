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

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** SPEC §5 'Addresses and names': per-namespace address rules; other namespaces are invalid. */
export function isValidAddress(address: string, namespace: ChainNamespace): boolean {
  if (namespace === 'eip155') return EVM_ADDRESS.test(address)
  if (namespace === 'solana') return SOLANA_ADDRESS.test(address)
  return false
}

/** SPEC §5: a name-service name is letters, digits and hyphen, at least 4 characters. */
export function isValidName(name: string): boolean {
  return /^[a-zA-Z0-9-]{4,}$/.test(name)
}
