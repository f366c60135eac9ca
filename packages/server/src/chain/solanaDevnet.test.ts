// @vitest-environment node
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEVNET_CAIP2, SOLANA_DEVNET_MINTS, SOLANA_DEVNET_RPC_URL } from '@portico/devnet/solana-constants'
import { expect, test } from 'vitest'
import { DEFAULT_CONFIG } from '../config.js'
import { SOLANA_DEVNET } from './solanaDevnet.js'

test("the server's development Solana config is the local chain's (RPC, CAIP-2, mints, mint authority)", () => {
  expect(SOLANA_DEVNET).toEqual({
    caip2: SOLANA_DEVNET_CAIP2,
    rpcUrl: SOLANA_DEVNET_RPC_URL,
    usdc: SOLANA_DEVNET_MINTS.usdc.address,
    token2022: SOLANA_DEVNET_MINTS.token2022.address,
    minterSecretKey: SOLANA_DEV_ACCOUNTS[0]!.secretKey,
  })
  expect(DEFAULT_CONFIG.rpcUrls[SOLANA_DEVNET_CAIP2]).toBe(SOLANA_DEVNET_RPC_URL)
  const assets = DEFAULT_CONFIG.chainAssets![SOLANA_DEVNET_CAIP2]!
  expect(assets.native).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
  expect(assets.tokens.map((t) => [t.address, t.symbol, t.decimals])).toEqual([
    [SOLANA_DEVNET_MINTS.usdc.address, 'USDC', SOLANA_DEVNET_MINTS.usdc.decimals],
    [SOLANA_DEVNET_MINTS.token2022.address, SOLANA_DEVNET_MINTS.token2022.symbol, SOLANA_DEVNET_MINTS.token2022.decimals],
  ])
})
