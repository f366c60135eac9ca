import { defineNetwork } from '@portico/core'
import { expect, test } from 'vitest'
import { pickNetwork, walletChainFor } from './chains.js'

const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const net = (caip2: string) =>
  defineNetwork({
    id: caip2.slice('solana:'.length),
    chainNamespace: 'solana',
    name: caip2,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  })

test("a wallet's chain for a network: its CAIP-2 id, or the older Wallet Standard name for it", () => {
  expect(walletChainFor({ chains: [MAINNET] }, MAINNET)).toBe(MAINNET)
  expect(walletChainFor({ chains: ['solana:mainnet', 'solana:devnet'] }, MAINNET)).toBe('solana:mainnet')
  expect(walletChainFor({ chains: ['solana:mainnet', 'solana:devnet'] }, DEVNET)).toBe('solana:devnet')
  expect(walletChainFor({ chains: ['solana:devnet'] }, MAINNET)).toBeUndefined()
})

test('the network of a connection: the wanted one when supported, else the first supported, else the first configured', () => {
  const [mainnet, devnet] = [net(MAINNET), net(DEVNET)]
  expect(pickNetwork({ chains: ['solana:mainnet', 'solana:devnet'] }, [mainnet, devnet], devnet)).toBe(devnet)
  expect(pickNetwork({ chains: ['solana:devnet'] }, [mainnet, devnet], mainnet)).toBe(devnet)
  expect(pickNetwork({ chains: ['solana:localnet'] }, [mainnet, devnet])).toBe(mainnet)
  expect(pickNetwork({ chains: [] }, [])).toBeUndefined()
})
