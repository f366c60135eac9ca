import { expect, test } from 'vitest'
import { isCaip2 } from './spec/caip.js'
import { solana, solanaDevnet, solanaTestnet } from './networks.js'

test('rule: SPEC §9 lists three Solana networks, each named by its genesis hash (CAIP-2)', () => {
  expect([solana, solanaDevnet, solanaTestnet].map((n) => [n.caipNetworkId, n.name, n.testnet ?? false])).toEqual([
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', false],
    ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet', true],
    ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Solana Testnet', true],
  ])
  for (const network of [solana, solanaDevnet, solanaTestnet]) {
    expect(isCaip2(network.caipNetworkId)).toBe(true)
    expect(network.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
    expect(network.rpcUrls.default.http[0]).toMatch(/^https:\/\//)
    expect(network.blockExplorers?.default.url).toMatch(/^https:\/\/solscan\.io/)
  }
})

test('behavior: Networks groups by chain family in the order the host listed them, keeping its order within each', async () => {
  const { groupNetworksByNamespace, mainnet, polygon } = await import('./networks.js')
  const groups = groupNetworksByNamespace([solanaDevnet, mainnet, solana, polygon])
  expect(groups.map((g) => [g.namespace, g.networks.map((n) => n.name)])).toEqual([
    ['solana', ['Solana Devnet', 'Solana']],
    ['eip155', ['Ethereum', 'Polygon']],
  ])
})
