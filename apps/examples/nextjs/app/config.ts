import { createPortico } from '@portico/core'
import { embeddedWallet } from '@portico/embedded'
import { EvmAdapter } from '@portico/evm'
import { porticoConnector, porticoNetworksFromChains } from '@portico/wagmi'
import { walletConnect } from '@portico/walletconnect'
import { defineChain } from 'viem'
import { cookieStorage, createConfig, createStorage, http } from 'wagmi'

// NEXT_PUBLIC_* values are inlined at build time; the defaults are what `npm start` runs in the Portico repo.
const apiUrl = process.env.NEXT_PUBLIC_PORTICO_API_URL ?? 'http://127.0.0.1:8787'
const projectId = process.env.NEXT_PUBLIC_PORTICO_PROJECT_ID ?? 'portico-dev'
const frameUrl = process.env.NEXT_PUBLIC_PORTICO_FRAME_URL ?? 'http://127.0.0.1:8788'
const relayUrl = process.env.NEXT_PUBLIC_PORTICO_RELAY_URL ?? `${apiUrl.replace(/^http/, 'ws')}/relay`

export const devnet = defineChain({
  id: 31337,
  name: 'Portico Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [process.env.NEXT_PUBLIC_DEVNET_RPC_31337 ?? 'http://127.0.0.1:8545'] } },
  testnet: true,
})

export const devnet2 = defineChain({
  id: 31338,
  name: 'Portico Devnet 2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [process.env.NEXT_PUBLIC_DEVNET_RPC_31338 ?? 'http://127.0.0.1:8546'] } },
  testnet: true,
})

const chains = [devnet, devnet2] as const

/**
 * One Portico and one wagmi config per page load (and per server render: module-level
 * instances would be shared between the requests of every visitor).
 */
export function createClients(origin: string) {
  const metadata = { name: 'Portico + Next.js', description: 'A Next.js app that connects through Portico', url: origin, icons: [] }
  const portico = createPortico({
    adapters: [new EvmAdapter()],
    networks: porticoNetworksFromChains(chains),
    projectId,
    apiUrl,
    metadata,
    walletConnect: walletConnect({ relayUrl, projectId, metadata }),
    embeddedWallet: embeddedWallet({ frameUrl }),
  })
  const config = createConfig({
    chains,
    connectors: [porticoConnector(portico)],
    // wagmi's advice for server rendering: state in a cookie, hydrated after the first render.
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    transports: { [devnet.id]: http(), [devnet2.id]: http() },
  })
  return { portico, config }
}

declare module 'wagmi' {
  interface Register {
    config: ReturnType<typeof createClients>['config']
  }
}
