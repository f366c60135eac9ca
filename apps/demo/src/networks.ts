import { defineNetwork, type CaipNetwork } from '@portico/core'
import { DEVNET_CHAINS } from '@portico/devnet/constants'
import { BITCOIN_DEVNET_CAIP2, BITCOIN_DEVNET_URL } from '@portico/devnet/bitcoin-constants'
import { SOLANA_DEVNET_CAIP2, SOLANA_DEVNET_RPC_URL, SOLANA_DEVNET_WS_URL } from '@portico/devnet/solana-constants'

/**
 * The two local devnet chains (`npm start` runs them), as Portico networks. A build can point
 * them elsewhere with VITE_DEVNET_RPC_<chainId> (the e2e tests use their own ports).
 */
const env = (import.meta as unknown as { env: Record<string, string | undefined> }).env
export const devnetNetworks = DEVNET_CHAINS.map((chain) =>
  defineNetwork({
    id: chain.chainId,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [env[`VITE_DEVNET_RPC_${chain.chainId}`] ?? chain.rpcUrl] } },
    testnet: true,
  }),
) as [CaipNetwork, ...CaipNetwork[]]

/**
 * The local Solana chain (`npm start` runs it on litesvm), as a Portico network named by its
 * fixed genesis hash. A build can point it elsewhere with VITE_SOLANA_RPC_URL / VITE_SOLANA_WS_URL.
 */
export const solanaLocalNetwork = defineNetwork({
  id: SOLANA_DEVNET_CAIP2.slice('solana:'.length),
  chainNamespace: 'solana',
  name: 'Solana Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: {
    default: {
      http: [env.VITE_SOLANA_RPC_URL ?? SOLANA_DEVNET_RPC_URL],
      webSocket: [env.VITE_SOLANA_WS_URL ?? SOLANA_DEVNET_WS_URL],
    },
  },
  testnet: true,
})

/**
 * The local Bitcoin chain (`npm start` runs a regtest node with an Esplora-compatible API), as a Portico network
 * named by its genesis hash. Reads go through the Portico server's Esplora proxy; without a server the adapter reads
 * the network's URL. A build can point it elsewhere with VITE_BITCOIN_URL.
 */
export const bitcoinLocalNetwork = defineNetwork({
  id: BITCOIN_DEVNET_CAIP2.slice('bip122:'.length),
  chainNamespace: 'bip122',
  name: 'Bitcoin Local',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [env.VITE_BITCOIN_URL ?? BITCOIN_DEVNET_URL] } },
  testnet: true,
})
