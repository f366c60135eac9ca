import { bitcoin, createPortico, mainnet as porticoMainnet, memoryStorage, solana } from '@portico/core'
import { defineChain } from 'viem'
import { describe, expect, test } from 'vitest'
import { chainsFromPorticoNetworks, porticoNetworksFromChains } from './networks.js'

const devnet = defineChain({
  id: 31337,
  name: 'Portico Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
})
const withExplorer = defineChain({
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.example.org'] } },
  blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://explorer.example.org', apiUrl: 'https://api.example.org' } },
})

describe('porticoNetworksFromChains', () => {
  test('default: wagmi chains become Portico eip155 networks with CAIP-2 ids', () => {
    expect(porticoNetworksFromChains([devnet, withExplorer])).toMatchInlineSnapshot(`
      [
        {
          "caipNetworkId": "eip155:31337",
          "chainNamespace": "eip155",
          "id": 31337,
          "name": "Portico Devnet",
          "nativeCurrency": {
            "decimals": 18,
            "name": "Ether",
            "symbol": "ETH",
          },
          "rpcUrls": {
            "default": {
              "http": [
                "http://127.0.0.1:8545",
              ],
            },
          },
          "testnet": true,
        },
        {
          "blockExplorers": {
            "default": {
              "name": "Optimism Explorer",
              "url": "https://explorer.example.org",
            },
          },
          "caipNetworkId": "eip155:10",
          "chainNamespace": "eip155",
          "id": 10,
          "name": "OP Mainnet",
          "nativeCurrency": {
            "decimals": 18,
            "name": "Ether",
            "symbol": "ETH",
          },
          "rpcUrls": {
            "default": {
              "http": [
                "https://rpc.example.org",
              ],
            },
          },
        },
      ]
    `)
  })

  test('behavior: the networks go straight into createPortico, the first one as the default', () => {
    const portico = createPortico({ adapters: [], networks: porticoNetworksFromChains([devnet, withExplorer]), storage: memoryStorage() })
    expect(portico.options.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:31337', 'eip155:10'])
    expect(portico.options.defaultNetwork.caipNetworkId).toBe('eip155:31337')
  })

  test('behavior: the result is the same as defining the network in Portico', () => {
    const [network] = porticoNetworksFromChains([chainsFromPorticoNetworks([porticoMainnet])[0]])
    expect(network).toEqual(porticoMainnet)
  })
})

describe('chainsFromPorticoNetworks', () => {
  test('default: eip155 networks become chains; other chain families are left out', () => {
    const chains = chainsFromPorticoNetworks([solana, porticoMainnet, bitcoin])
    expect(chains).toHaveLength(1)
    expect(chains[0]).toMatchObject({
      id: 1,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: porticoMainnet.rpcUrls.default.http } },
      blockExplorers: { default: porticoMainnet.blockExplorers!.default },
    })
  })

  test('behavior: a chain survives the round trip through Portico', () => {
    const [chain, explorerChain] = chainsFromPorticoNetworks(porticoNetworksFromChains([devnet, withExplorer]))
    const fields = ({ id, name, nativeCurrency, rpcUrls, blockExplorers, testnet }: typeof chain) => ({
      id,
      name,
      nativeCurrency,
      rpcUrls,
      blockExplorers,
      testnet,
    })
    expect(fields(chain)).toEqual(fields(devnet))
    // Portico keeps an explorer's name and URL, not its API URL.
    expect(fields(explorerChain!)).toEqual({
      ...fields(withExplorer),
      blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://explorer.example.org' } },
    })
  })

  test('error: without an eip155 network there is nothing for wagmi', () => {
    expect(() => chainsFromPorticoNetworks([solana])).toThrowError(/at least one eip155 network/)
  })
})
