/**
 * The JSON-RPC methods of the local chain and the JSON-RPC 2.0 envelope (single and batch).
 * Commitment is accepted and ignored: every landed transaction is final at once.
 */
import type { Address } from '@solana/kit'
import type { SolanaChain } from './chain'
import { encodeAccount, readMint, readTokenAccount, stringify, uiTokenAmount, type AccountConfig } from './encoding'
import { RpcError, RPC_INTERNAL_ERROR, RPC_INVALID_REQUEST, RPC_METHOD_NOT_FOUND, RPC_PARSE_ERROR, invalidParams } from './errors'
import { SOLANA_TOKEN_2022_PROGRAM_ADDRESS, SOLANA_TOKEN_PROGRAM_ADDRESS } from './constants'
import { addressParam, arrayParam, configParam, integerParam, paramsOf, requireCount, stringParam, toAddress, type Params } from './params'
import {
  API_VERSION,
  getFeeForMessage,
  getSignaturesForAddress,
  getSignatureStatuses,
  getTransaction,
  sendTransaction,
  simulateTransaction,
} from './transactions'

export interface RpcContext {
  chain: SolanaChain
  genesisHash: string
  /** Sends lamports from the faucet; resolves to the landed transaction's signature. */
  airdrop(to: Address, lamports: bigint): Promise<string>
}

type Method = (ctx: RpcContext, params: Params) => unknown

const withContext = (chain: SolanaChain, value: unknown) => ({ context: { slot: chain.slot, apiVersion: API_VERSION }, value })
const lookup = (chain: SolanaChain) => (address: Address) => chain.account(address)

const methods: Record<string, Method> = {
  getBalance: ({ chain }, p) => withContext(chain, chain.balance(addressParam(p, 0))),
  getAccountInfo: ({ chain }, p) => {
    const address = addressParam(p, 0)
    return withContext(chain, encodeAccount(chain.account(address), configParam<AccountConfig>(p, 1), lookup(chain)))
  },
  getMultipleAccounts: ({ chain }, p) => {
    const addresses = arrayParam(p, 0, 100).map(toAddress)
    const config = configParam<AccountConfig>(p, 1)
    return withContext(
      chain,
      addresses.map((a) => encodeAccount(chain.account(a), config, lookup(chain))),
    )
  },
  getLatestBlockhash: ({ chain }) => withContext(chain, chain.latestBlockhash()),
  isBlockhashValid: ({ chain }, p) => withContext(chain, chain.isBlockhashValid(stringParam(p, 0))),
  getFeeForMessage: ({ chain }, p) => getFeeForMessage(chain, p),
  getMinimumBalanceForRentExemption: ({ chain }, p) => chain.svm.minimumBalanceForRentExemption(integerParam(p, 0)),
  sendTransaction: ({ chain }, p) => sendTransaction(chain, p),
  simulateTransaction: ({ chain }, p) => simulateTransaction(chain, p),
  getSignatureStatuses: ({ chain }, p) => getSignatureStatuses(chain, p),
  getSignaturesForAddress: ({ chain }, p) => getSignaturesForAddress(chain, p),
  getTransaction: ({ chain }, p) => getTransaction(chain, p),
  getTokenAccountsByOwner: ({ chain }, p) => getTokenAccountsByOwner(chain, p),
  getTokenAccountBalance: ({ chain }, p) => {
    const token = readTokenAccount(chain.account(addressParam(p, 0)))
    const mint = token && readMint(chain.account(token.mint))
    if (!token || !mint) throw invalidParams('Invalid param: not a Token account')
    return withContext(chain, uiTokenAmount(token.amount, mint.decimals))
  },
  getTokenSupply: ({ chain }, p) => {
    const mint = readMint(chain.account(addressParam(p, 0)))
    if (!mint) throw invalidParams('Invalid param: not a Token mint')
    return withContext(chain, uiTokenAmount(mint.supply, mint.decimals))
  },
  getSlot: ({ chain }) => chain.slot,
  getBlockHeight: ({ chain }) => chain.blockHeight,
  getEpochInfo: ({ chain }) => ({
    absoluteSlot: chain.slot,
    blockHeight: chain.blockHeight,
    epoch: 0n,
    slotIndex: chain.slot,
    slotsInEpoch: 432_000n,
    transactionCount: chain.transactionCount,
  }),
  getTransactionCount: ({ chain }) => chain.transactionCount,
  getGenesisHash: ({ genesisHash }) => genesisHash,
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': API_VERSION, 'feature-set': 0 }),
  getRecentPrioritizationFees: () => [],
  requestAirdrop: ({ airdrop }, p) => {
    const to = addressParam(p, 0)
    const lamports = integerParam(p, 1)
    return airdrop(to, lamports)
  },
}

function getTokenAccountsByOwner(chain: SolanaChain, p: Params) {
  const owner = addressParam(p, 0)
  requireCount(p, 2)
  const filter = p[1] as { mint?: unknown; programId?: unknown } | null
  const config = configParam<AccountConfig>(p, 2)
  let programs: string[]
  let mint: string | undefined
  if (filter && typeof filter === 'object' && 'mint' in filter) {
    mint = toAddress(filter.mint)
    const mintAccount = chain.account(mint as Address)
    if (!readMint(mintAccount)) throw invalidParams('Invalid param: could not find mint')
    programs = [mintAccount.exists ? mintAccount.programAddress : '']
  } else if (filter && typeof filter === 'object' && 'programId' in filter) {
    const program = toAddress(filter.programId)
    if (program !== SOLANA_TOKEN_PROGRAM_ADDRESS && program !== SOLANA_TOKEN_2022_PROGRAM_ADDRESS) {
      throw invalidParams('Invalid param: unrecognized Token program id')
    }
    programs = [program]
  } else {
    throw invalidParams('Invalid params: expected `mint` or `programId`.')
  }
  const value = programs
    .flatMap((program) => chain.svm.getProgramAccounts(program as Address))
    .filter((account) => {
      const token = readTokenAccount({ ...account, exists: true })
      return token && token.owner === owner && (!mint || token.mint === mint)
    })
    .map((account) => ({ pubkey: account.address, account: encodeAccount({ ...account, exists: true }, config, lookup(chain)) }))
  return withContext(chain, value)
}

export async function callMethod(ctx: RpcContext, method: string, params: unknown): Promise<unknown> {
  const run = methods[method]
  if (!run) throw new RpcError(RPC_METHOD_NOT_FOUND, 'Method not found')
  return run(ctx, paramsOf(params))
}

interface JsonRpcRequest {
  jsonrpc?: unknown
  id?: unknown
  method?: unknown
  params?: unknown
}

function errorOf(err: unknown): RpcError {
  if (err instanceof RpcError) return err
  // A bug in a method must not take the chain down: answer it as Agave answers its own internal errors.
  console.error('[solana devnet] internal error', err)
  return new RpcError(RPC_INTERNAL_ERROR, 'Internal error')
}

async function answer(ctx: RpcContext, request: JsonRpcRequest) {
  const id = request?.id ?? null
  if (!request || typeof request !== 'object' || request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
    return { jsonrpc: '2.0', error: new RpcError(RPC_INVALID_REQUEST, 'Invalid request').toJSON(), id }
  }
  try {
    return { jsonrpc: '2.0', result: await callMethod(ctx, request.method, request.params), id }
  } catch (err) {
    return { jsonrpc: '2.0', error: errorOf(err).toJSON(), id }
  }
}

/** One HTTP body in, one out: a request or a batch of them. */
export async function handleJsonRpc(ctx: RpcContext, body: string): Promise<string> {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return stringify({ jsonrpc: '2.0', error: new RpcError(RPC_PARSE_ERROR, 'Parse error').toJSON(), id: null })
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) return stringify({ jsonrpc: '2.0', error: new RpcError(RPC_INVALID_REQUEST, 'Invalid request').toJSON(), id: null })
    const answers = []
    for (const request of parsed) answers.push(await answer(ctx, request))
    return stringify(answers)
  }
  return stringify(await answer(ctx, parsed as JsonRpcRequest))
}
