// @vitest-environment node
import { DEVNET_CONTRACTS, DEVNET_SWAP } from '@portico/devnet/constants'
import { expect, test } from 'vitest'
import { DEFAULT_CONFIG } from '../config.js'

test("the server's development swap config is the devnet's Uniswap V2 (DEVNET_SWAP) on both chains", () => {
  for (const chain of ['eip155:31337', 'eip155:31338']) {
    expect(DEFAULT_CONFIG.swap?.[chain]).toEqual({
      kind: 'uniswap-v2',
      router: DEVNET_SWAP.router,
      factory: DEVNET_SWAP.factory,
      weth: DEVNET_SWAP.weth,
      tokens: [
        { address: DEVNET_CONTRACTS.usdc, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
        { address: DEVNET_SWAP.dai, name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 },
      ],
    })
  }
})
