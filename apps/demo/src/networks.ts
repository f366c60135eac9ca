import { defineNetwork, type CaipNetwork } from '@portico/core'
import { DEVNET_CHAINS } from '@portico/devnet/constants'

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
