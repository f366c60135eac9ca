import { t } from './i18n/index.js'

/**
 * Network names on the approval screen come from the frame itself, never from the host: a host
 * could call mainnet "Sepolia". Each chain family's entry (rpc/<namespace>.ts) lists its well-known
 * chains; the frame also knows which chains its server has an RPC endpoint for (the frame config's
 * rpcUrls, written by the server); any other id is shown as unknown, with its number.
 */
export interface KnownNetwork {
  name: string
  /** Symbol of the native currency. */
  symbol: string
  testnet?: boolean
}

/** A chain family's networks, as its entry (rpc/<namespace>.ts) names them. */
export interface FamilyNetworks {
  namespace: string
  /** The well-known networks, by CAIP-2 reference. */
  known: Readonly<Record<string, KnownNetwork>>
  /** Chains numbered by a decimal reference (eip155): shown as 'chain 1', not by their CAIP-2 id. */
  numbered?: boolean
}

export interface NetworkLabel {
  /** 'Ethereum · chain 1', 'Sepolia (testnet) · chain 11155111', 'Unknown network · chain 9'. */
  label: string
  /** The native currency's symbol, when the network is known. */
  symbol?: string
  known: boolean
  /** The chain id as a CAIP-2 id (eip155:1). */
  caip: string
}

/** Normalises 1, '1', '0x1' and 'eip155:1' to a CAIP-2 id. */
export function caipOf(chainId: number | string | bigint): string {
  const text = String(chainId)
  if (text.includes(':')) return text
  if (/^0x[0-9a-f]+$/i.test(text)) return `eip155:${BigInt(text)}`
  return `eip155:${text}`
}

/**
 * Names a chain id among its family's networks (none known for another family's chain). `configured` says
 * whether the frame's server has an RPC endpoint for it (a configured network without a known name is shown
 * by number, not as unknown).
 */
export function networkLabel(chainId: number | string | bigint, networks: FamilyNetworks, configured: (caip: string) => boolean = () => false): NetworkLabel {
  const caip = caipOf(chainId)
  const [namespace, reference = ''] = caip.split(':') as [string, string | undefined]
  const numbered = namespace === networks.namespace && networks.numbered === true
  const key = numbered && /^\d+$/.test(reference) ? String(Number(reference)) : reference
  const known = namespace === networks.namespace && Object.hasOwn(networks.known, key) ? networks.known[key] : undefined
  const number = numbered ? t('network.chain', { id: reference }) : caip
  if (known)
    return { label: t(known.testnet ? 'network.knownTestnet' : 'network.known', { name: known.name, number }), symbol: known.symbol, known: true, caip }
  if (configured(caip)) return { label: t('network.configured', { id: numbered ? reference : caip }), known: true, caip }
  return { label: t('network.unknown', { number }), known: false, caip }
}
