/**
 * The devnet's Bitcoin network (regtest with Bitcoin Core's prefixes, contracts.md) and its names:
 * CAIP-2 for WalletConnect and Portico, 'bitcoin:regtest' for the Wallet Standard (Exodus's chain ids),
 * 'Regtest' for sats-connect.
 */
export const BITCOIN_DEVNET_CAIP2 = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
export const BITCOIN_DEVNET_DEFAULT_URL = 'http://127.0.0.1:18443'
export const BITCOIN_REGTEST_CHAIN = 'bitcoin:regtest'

/** @scure/btc-signer's network shape, regtest as Bitcoin Core spells it. */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } as const

/** BIP-44 coin type of every network but mainnet. */
export const TEST_COIN_TYPE = 1
