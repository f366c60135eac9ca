import { createPortico } from '@portico/core'
import { embeddedWallet } from '@portico/embedded'
import { EvmAdapter } from '@portico/evm'
import { porticoConnector, porticoNetworksFromChains } from '@portico/wagmi'
import { walletConnect } from '@portico/walletconnect'
import { defineChain, type Address } from 'viem'
import { createConfig, http } from 'wagmi'

// Everything that differs between a laptop and production comes from the build's environment
// (VITE_* variables, see .env.example); the defaults are what `npm start` runs in the Portico repo.
const env = import.meta.env
const apiUrl = env.VITE_PORTICO_API_URL ?? 'http://127.0.0.1:8787'
const projectId = env.VITE_PORTICO_PROJECT_ID ?? 'portico-dev'
const frameUrl = env.VITE_PORTICO_FRAME_URL ?? 'http://127.0.0.1:8788'
const relayUrl = env.VITE_PORTICO_RELAY_URL ?? `${apiUrl.replace(/^http/, 'ws')}/relay`

/** The devnet's USDC (6 decimals); the same address on both devnet chains. */
export const usdcAddress = (env.VITE_USDC_ADDRESS ?? '0x5FbDB2315678afecb367f032d93F642f64180aa3') as Address

export const devnet = defineChain({
  id: 31337,
  name: 'Portico Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [env.VITE_DEVNET_RPC_31337 ?? 'http://127.0.0.1:8545'] } },
  testnet: true,
})

export const devnet2 = defineChain({
  id: 31338,
  name: 'Portico Devnet 2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [env.VITE_DEVNET_RPC_31338 ?? 'http://127.0.0.1:8546'] } },
  testnet: true,
})

const chains = [devnet, devnet2] as const

const metadata = {
  name: 'Portico + wagmi example',
  description: 'A dapp on wagmi that connects through Portico',
  url: location.origin,
  icons: [`${location.origin}/favicon.svg`],
}

export const portico = createPortico({
  adapters: [new EvmAdapter()],
  // One list of chains for both: wagmi's chains become Portico's networks.
  networks: porticoNetworksFromChains(chains),
  projectId,
  apiUrl,
  metadata,
  walletConnect: walletConnect({ relayUrl, projectId, metadata }),
  embeddedWallet: embeddedWallet({ frameUrl }),
})

export const connector = porticoConnector(portico)

export const config = createConfig({
  chains,
  connectors: [connector],
  transports: {
    [devnet.id]: http(),
    [devnet2.id]: http(),
  },
})

declare module 'wagmi' {
  interface Register {
    config: typeof config
  }
}
