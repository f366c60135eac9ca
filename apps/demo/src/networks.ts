import { defineNetwork, type CaipNetwork } from '@portico/core'
import { DEVNET_CHAINS } from '@portico/devnet/constants'
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
