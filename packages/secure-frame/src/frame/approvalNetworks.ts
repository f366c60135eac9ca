import { t } from './i18n/index.js'

/**
 * Network names on the approval screen come from the frame itself, never from the host: a host
 * could call mainnet "Sepolia". The frame knows the well-known chains below and which chains its
 * server has an RPC endpoint for (the frame config's rpcUrls, written by the server); any other id
 * is shown as unknown, with its number.
 */
export interface KnownNetwork {
  name: string
  /** Symbol of the native currency. */
  symbol: string
  testnet?: boolean
}

const EVM: Record<number, KnownNetwork> = {
  1: { name: 'Ethereum', symbol: 'ETH' },
  10: { name: 'OP Mainnet', symbol: 'ETH' },
  56: { name: 'BNB Smart Chain', symbol: 'BNB' },
  100: { name: 'Gnosis', symbol: 'xDAI' },
  130: { name: 'Unichain', symbol: 'ETH' },
  137: { name: 'Polygon', symbol: 'POL' },
  146: { name: 'Sonic', symbol: 'S' },
  250: { name: 'Fantom', symbol: 'FTM' },
  324: { name: 'zkSync Era', symbol: 'ETH' },
  1101: { name: 'Polygon zkEVM', symbol: 'ETH' },
  5000: { name: 'Mantle', symbol: 'MNT' },
  8453: { name: 'Base', symbol: 'ETH' },
  42161: { name: 'Arbitrum One', symbol: 'ETH' },
  42170: { name: 'Arbitrum Nova', symbol: 'ETH' },
  42220: { name: 'Celo', symbol: 'CELO' },
  43114: { name: 'Avalanche C-Chain', symbol: 'AVAX' },
  59144: { name: 'Linea', symbol: 'ETH' },
  81457: { name: 'Blast', symbol: 'ETH' },
  534352: { name: 'Scroll', symbol: 'ETH' },
  7777777: { name: 'Zora', symbol: 'ETH' },
  17000: { name: 'Holesky', symbol: 'ETH', testnet: true },
  560048: { name: 'Hoodi', symbol: 'ETH', testnet: true },
  11155111: { name: 'Sepolia', symbol: 'ETH', testnet: true },
  11155420: { name: 'OP Sepolia', symbol: 'ETH', testnet: true },
  84532: { name: 'Base Sepolia', symbol: 'ETH', testnet: true },
  421614: { name: 'Arbitrum Sepolia', symbol: 'ETH', testnet: true },
  80002: { name: 'Polygon Amoy', symbol: 'POL', testnet: true },
  // The local devnet's chains (packages/devnet; 31337 is also the usual id of any local test chain).
  31337: { name: 'Portico Devnet', symbol: 'ETH', testnet: true },
  31338: { name: 'Portico Devnet 2', symbol: 'ETH', testnet: true },
}

const SOLANA: Record<string, KnownNetwork> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { name: 'Solana', symbol: 'SOL' },
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: { name: 'Solana Devnet', symbol: 'SOL', testnet: true },
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': { name: 'Solana Testnet', symbol: 'SOL', testnet: true },
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
 * Names a chain id. `configured` says whether the frame's server has an RPC endpoint for it (a
 * configured network without a known name is shown by number, not as unknown).
 */
export function networkLabel(chainId: number | string | bigint, configured: (caip: string) => boolean = () => false): NetworkLabel {
  const caip = caipOf(chainId)
  const [namespace, reference = ''] = caip.split(':') as [string, string | undefined]
  const known = namespace === 'eip155' && /^\d+$/.test(reference) ? EVM[Number(reference)] : namespace === 'solana' ? SOLANA[reference] : undefined
  const number = namespace === 'eip155' ? t('network.chain', { id: reference }) : caip
  if (known)
    return { label: t(known.testnet ? 'network.knownTestnet' : 'network.known', { name: known.name, number }), symbol: known.symbol, known: true, caip }
  if (configured(caip)) return { label: t('network.configured', { id: namespace === 'eip155' ? reference : caip }), known: true, caip }
  return { label: t('network.unknown', { number }), known: false, caip }
}
