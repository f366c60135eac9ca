import type { CaipNetworkId, ChainNamespace } from './spec/caip.js'

/** SPEC §3 'Chain network'. */
export interface CaipNetwork {
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  imageUrl?: string
}

export interface DefineNetworkParameters extends Omit<CaipNetwork, 'caipNetworkId'> {}

/** Builds a network, deriving its CAIP-2 id from namespace and chain id. */
export function defineNetwork(network: DefineNetworkParameters): CaipNetwork {
  return { ...network, caipNetworkId: `${network.chainNamespace}:${network.id}` as CaipNetworkId }
}

/** SPEC §9: the default chain is eip155:1. */
export const mainnet = defineNetwork({
  id: 1,
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://cloudflare-eth.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
})

export const polygon = defineNetwork({
  id: 137,
  chainNamespace: 'eip155',
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
})

export const solana = defineNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
})

export const bitcoin = defineNetwork({
  id: '000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [] } },
})
