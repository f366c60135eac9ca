import { defineNetwork, InvalidOptionsError, type CaipNetwork } from '@portico/core'
import { defineChain, type Chain } from 'viem'

/**
 * wagmi's chains as Portico networks, so a host lists its networks once:
 * `createPortico({ networks: porticoNetworksFromChains(config.chains), … })`.
 */
export function porticoNetworksFromChains(chains: readonly [Chain, ...Chain[]]): [CaipNetwork, ...CaipNetwork[]]
export function porticoNetworksFromChains(chains: readonly Chain[]): CaipNetwork[]
export function porticoNetworksFromChains(chains: readonly Chain[]): CaipNetwork[] {
  return chains.map((chain) => {
    const explorer = chain.blockExplorers?.default
    return defineNetwork({
      id: chain.id,
      chainNamespace: 'eip155',
      name: chain.name,
      nativeCurrency: { ...chain.nativeCurrency },
      rpcUrls: { default: { http: [...chain.rpcUrls.default.http] } },
      ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
      ...(chain.testnet === undefined ? {} : { testnet: chain.testnet }),
    })
  })
}

/**
 * Portico's EVM networks as viem/wagmi chains, for a host that defined its networks for
 * Portico first: `createConfig({ chains: chainsFromPorticoNetworks(networks), … })`.
 * Networks of other chain families are left out; at least one EVM network is required.
 */
export function chainsFromPorticoNetworks(networks: readonly CaipNetwork[]): [Chain, ...Chain[]] {
  const chains = networks
    .filter((network) => network.chainNamespace === 'eip155')
    .map((network) =>
      defineChain({
        id: Number(network.id),
        name: network.name,
        nativeCurrency: { ...network.nativeCurrency },
        rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
        ...(network.blockExplorers ? { blockExplorers: { default: { ...network.blockExplorers.default } } } : {}),
        ...(network.testnet === undefined ? {} : { testnet: network.testnet }),
      }),
    )
  if (chains.length === 0) throw new InvalidOptionsError(['networks: wagmi needs at least one eip155 network'])
  return chains as [Chain, ...Chain[]]
}
