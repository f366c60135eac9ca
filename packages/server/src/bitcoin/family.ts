import type { ChainFamily } from '../chain/family.js'
import { bitcoinAssets, parseBitcoinToken } from './assets.js'
import { readBitcoinBalances } from './balances.js'
import { esploraFor } from './esplora.js'
import { startBitcoinFollower } from './follower.js'
import { isBitcoinAddress } from './networks.js'
import { bitcoinSandbox } from './sandbox.js'
import { verifyBitcoinSiwx } from './siwx.js'
import { bitcoinAccountKey, COINBASE_SOURCE } from './transactions.js'
import { BITCOIN_WORDS } from './words.js'

/**
 * bip122: Bitcoin chains through an Esplora API (config.rpcUrls: its base URL, or fallbacks), base58 and
 * bech32/bech32m addresses, BTC only, BIP-322 and legacy signed-message sign-ins, addresses followed on demand.
 */
export const bitcoinFamily: ChainFamily = {
  namespace: 'bip122',
  words: BITCOIN_WORDS,
  isAddress: isBitcoinAddress,
  accountKey: bitcoinAccountKey,
  shownAddress: (key) => key,
  // No JSON-RPC proxy: browsers read a bip122 chain through the Esplora proxy (bitcoin/routes.ts).
  rpcMethods: new Set(),
  reachable: (ctx, chainId) => esploraFor(ctx.config, chainId) !== undefined,
  assets: bitcoinAssets,
  readBalances: readBitcoinBalances,
  parseToken: parseBitcoinToken,
  async tokenInfo(ctx, chainId, address) {
    return address === 'native' ? bitcoinAssets(ctx.config, chainId).native : undefined
  },
  // Coinbase outputs are shown as mints; the fee (satoshis) is answered.
  history: { mintSource: COINBASE_SOURCE, showsFee: true },
  startFollower: (ctx) => startBitcoinFollower(ctx),
  onramp: { currency: 'BTC', blockchain: 'bitcoin', sandbox: bitcoinSandbox },
  verifySiwx: async (_ctx, signed) => verifyBitcoinSiwx(signed),
}
