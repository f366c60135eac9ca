// @vitest-environment node
import { BITCOIN_DEVNET_CAIP2, BITCOIN_DEVNET_FAUCET, BITCOIN_DEVNET_URL } from '@portico/devnet/bitcoin-constants'
import { expect, test } from 'vitest'
import { DEFAULT_CONFIG } from '../config.js'
import { BITCOIN_DEVNET } from './devnet.js'

test("the server's development Bitcoin config is the local chain's (Esplora URL, CAIP-2, the faucet key of the sandbox onramp)", () => {
  expect(BITCOIN_DEVNET).toEqual({ caip2: BITCOIN_DEVNET_CAIP2, esploraUrl: BITCOIN_DEVNET_URL, faucetKey: BITCOIN_DEVNET_FAUCET.privateKey })
  expect(DEFAULT_CONFIG.rpcUrls[BITCOIN_DEVNET_CAIP2]).toBe(BITCOIN_DEVNET_URL)
  expect(DEFAULT_CONFIG.sandboxOnramp?.[BITCOIN_DEVNET_CAIP2]).toEqual({ usdc: 'native', minterPrivateKey: BITCOIN_DEVNET_FAUCET.privateKey })
})
