import { isValidAddress } from '@portico/core/spec'
import { parseSolanaCaip10, solanaAssets } from '../chain/assets.js'
import type { ChainFamily } from '../chain/family.js'
import { readSolanaBalances } from './balances.js'
import { startSolanaIndexer } from './indexer.js'
import { solanaSandbox } from './sandbox.js'
import { verifySolanaSignature } from './signature.js'
import { MINT_SOURCE } from './transfers.js'

/** solana: base58 addresses compared as given, SPL mints (Token and Token-2022), ed25519 sign-ins, addresses followed on demand. */
export const solanaFamily: ChainFamily = {
  namespace: 'solana',
  words: { name: 'Solana', address: 'a Solana address', addressRule: 'a Solana (base58)', chain: 'a solana chain' },
  isAddress: (address) => isValidAddress(address, 'solana'),
  accountKey: (address) => address,
  shownAddress: (key) => key,
  rpcMethods: new Set([
    'getAccountInfo',
    'getBalance',
    'getBlockHeight',
    'getEpochInfo',
    'getFeeForMessage',
    'getGenesisHash',
    'getHealth',
    'getLatestBlockhash',
    'getMinimumBalanceForRentExemption',
    'getMultipleAccounts',
    'getRecentPrioritizationFees',
    'getSignatureStatuses',
    'getSignaturesForAddress',
    'getSlot',
    'getTokenAccountBalance',
    'getTokenAccountsByOwner',
    'getTransaction',
    'getVersion',
    'isBlockhashValid',
    'sendTransaction',
    'simulateTransaction',
  ]),
  reachable: (ctx, chainId) => ctx.solanaRpc(chainId) !== undefined,
  assets: solanaAssets,
  readBalances: readSolanaBalances,
  parseToken: parseSolanaCaip10,
  async tokenInfo(ctx, chainId, address) {
    const { native, tokens } = solanaAssets(ctx.config, chainId)
    return address === 'native' ? native : tokens.find((t) => t.address === address)
  },
  // Mints come from the System program's address (solana/transfers.ts); the fee is answered.
  history: { mintSource: MINT_SOURCE, showsFee: true },
  // Its activity is read from the first time it is asked about (solana/indexer.ts), and its cached balances dropped by it.
  startFollower: (ctx) => startSolanaIndexer(ctx),
  onramp: { currency: 'SOL', blockchain: 'solana', sandbox: solanaSandbox },
  // CAIP-122 for solana: an ed25519 signature (base58) of the UTF-8 message by the account's key.
  verifySiwx: async (_ctx, { address, message, signature }) => verifySolanaSignature(address, message, signature),
}
