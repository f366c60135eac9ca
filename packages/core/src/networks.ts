import type { CaipNetworkId, ChainNamespace } from './spec/caip.js'

/** SPEC §3 'Chain network'. */
export interface CaipNetwork {
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** JSON-RPC endpoints; Solana's subscriptions (transaction confirmation) use `webSocket`. */
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  imageUrl?: string
}

export interface DefineNetworkParameters extends Omit<CaipNetwork, 'caipNetworkId'> {}

/** How the modal names a chain family (Networks' group headings, SwitchActiveChain). */
export const ChainNamespaceNames: Record<ChainNamespace, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/**
 * The Networks view's groups: one per chain family, in the order the host listed its first
 * network, each keeping the host's order.
 */
export function groupNetworksByNamespace(networks: readonly CaipNetwork[]): Array<{ namespace: ChainNamespace; networks: CaipNetwork[] }> {
  const groups = new Map<ChainNamespace, CaipNetwork[]>()
  for (const network of networks) {
    const group = groups.get(network.chainNamespace) ?? []
    group.push(network)
    groups.set(network.chainNamespace, group)
  }
  return [...groups].map(([namespace, list]) => ({ namespace, networks: list }))
}

/** Builds a network, deriving its CAIP-2 id from namespace and chain id. */
export function defineNetwork(network: DefineNetworkParameters): CaipNetwork {
  return { ...network, caipNetworkId: `${network.chainNamespace}:${network.id}` as CaipNetworkId }
}

/** SPEC §9: the default chain is eip155:1. */
export const mainnet = /* @__PURE__ */ defineNetwork({
  id: 1,
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://cloudflare-eth.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
})

export const polygon = /* @__PURE__ */ defineNetwork({
  id: 137,
  chainNamespace: 'eip155',
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
})

/** SOL, the native currency of every Solana network. */
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

/**
 * SPEC §9 'Listed network sets': the three Solana networks. Their CAIP-2 reference is the first
 * 32 characters of the cluster's genesis hash.
 */
export const solana = /* @__PURE__ */ defineNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'], webSocket: ['wss://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
})

export const solanaDevnet = /* @__PURE__ */ defineNetwork({
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'], webSocket: ['wss://api.devnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io/?cluster=devnet' } },
  testnet: true,
})

export const solanaTestnet = /* @__PURE__ */ defineNetwork({
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  chainNamespace: 'solana',
  name: 'Solana Testnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'], webSocket: ['wss://api.testnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io/?cluster=testnet' } },
  testnet: true,
})

export const bitcoin = /* @__PURE__ */ defineNetwork({
  id: '000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [] } },
})
