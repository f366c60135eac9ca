import { defineNetwork, type CaipNetwork } from '@portico/core'
import type { Devnet } from '@portico/devnet'
import { TEST_WALLET_ICON } from '@portico/test-wallets/injected'
import { EvmAdapter } from '../EvmAdapter.js'
import type { ProviderDetail } from '../schemas.js'

/** Test support: the devnet's first chain as a Portico network. */
export function devnetNetwork(devnet: Devnet): CaipNetwork {
  const c = devnet.chains[0]!
  return defineNetwork({
    id: c.chainId,
    chainNamespace: 'eip155',
    name: c.name,
    nativeCurrency: c.nativeCurrency,
    rpcUrls: { default: { http: [c.rpcUrl] } },
  })
}

export const TEST_WALLET_RDNS = 'dev.portico.testwallet'

/** Test support: an EVM adapter that discovers one wallet provider (as its EIP-6963 announcement would). */
export function adapterDiscovering(provider: unknown) {
  const detail = { info: { uuid: 'u', name: 'Portico Test Wallet', icon: TEST_WALLET_ICON, rdns: TEST_WALLET_RDNS }, provider } as ProviderDetail
  return new EvmAdapter({ discover: (onChange) => (onChange([detail]), () => {}) })
}
