import { EvmReadMethods, isValidAddress } from '@portico/core/spec'
import { getAddress, verifyMessage } from 'viem'
import { ZERO_ADDRESS } from '../indexer/store.js'
import { chainAssets, parseCaip10 } from './assets.js'
import { readBalances } from './balances.js'
import { eip155Sandbox } from './eip155Sandbox.js'
import type { ChainFamily } from './family.js'
import { tokenMetadata } from './tokens.js'

/** eip155: EVM chains through viem; ERC20 tokens; EIP-191 and EIP-1271 sign-ins. */
export const eip155Family: ChainFamily = {
  namespace: 'eip155',
  words: { name: 'EVM', address: 'an EVM address', addressRule: 'an EVM (0x + 40 hex)', chain: 'an eip155 chain' },
  isAddress: (address) => isValidAddress(address, 'eip155'),
  accountKey: (address) => `0x${address.replace(/^0x/, '').toLowerCase()}`,
  // Checksummed only where answered (keccak per call: not on a cache hit).
  shownAddress: (key) => getAddress(key),
  rpcMethods: new Set([...EvmReadMethods, 'web3_clientVersion']),
  reachable: (ctx, chainId) => ctx.evmClient(chainId) !== undefined,
  assets: chainAssets,
  readBalances: (ctx, prices, chainId, key) => readBalances(ctx, prices, chainId, getAddress(key)),
  parseToken: parseCaip10,
  async tokenInfo(ctx, chainId, address) {
    if (address === 'native') return chainAssets(ctx.config, chainId).native
    return tokenMetadata(ctx, chainId, address, 'erc20')
  },
  history: { mintSource: ZERO_ADDRESS, showsFee: false },
  onramp: { currency: 'USDC', sandbox: eip155Sandbox },
  verifySiwx(ctx, { chainId, address, message, signature }) {
    const args = { address: address as `0x${string}`, message, signature: signature as `0x${string}` }
    // The chain's client also checks EIP-1271 (contract accounts); without one, EOAs only.
    const client = ctx.evmClient(chainId)
    return client ? client.verifyMessage(args) : verifyMessage(args)
  },
}
