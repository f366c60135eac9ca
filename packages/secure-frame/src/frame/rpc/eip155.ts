import { isSafeRpcMethod } from '@portico/embedded/protocol'
import { eip155Keys } from '../../families/eip155.js'
import { BaseError, hashTypedData, hexToString, isHex, numberToHex, type Hex, type TransactionSerializable } from 'viem'
import { activeSmartAccount } from '../activeAccount.js'
import type { FamilyNetworks } from '../approvalNetworks.js'
import { describeTransaction } from '../approvalContent.js'
import { describeTypedData, type TypedDataFacts } from '../approvalTypedData.js'
import { decodeSwapCall, describeSwap } from '../approvalSwap.js'
import { CALLS_METHODS, handleCallsRequest, SMART_SESSION_METHODS } from '../calls.js'
import { InvalidParamsRpcError, UnauthorizedProviderError, UnsupportedProviderMethodError, UserRejectedRequestError } from '../errors/rpc.js'
import { printable } from '../approvalText.js'
import { t } from '../i18n/index.js'
import { asSmartAccount, sendFromSmartAccount } from '../smartAccountRpc.js'
import { decodeCall, readTokenInfo } from '../tokenCalls.js'
import { jsonRpc, networkOf, rpcUrlOf, type FrameFamily, type RpcContext, type RpcFamily } from './context.js'

type TransactionRequest = {
  from?: string
  to?: Hex
  value?: Hex
  data?: Hex
  gas?: Hex
  nonce?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  gasPrice?: Hex
}
const TOKEN_CALLS = ['transfer', 'approve', 'increaseAllowance', 'transferFrom']

/** The eip155 chains the approval screen names (any other is shown by number). */
export const eip155Networks: FamilyNetworks = {
  namespace: 'eip155',
  numbered: true,
  known: {
    1: { name: 'Ethereum', symbol: 'ETH' },
    10: { name: 'OP Mainnet', symbol: 'ETH' },
    56: { name: 'BNB Smart Chain', symbol: 'BNB' },
    100: { name: 'Gnosis', symbol: 'xDAI' },
    130: { name: 'Unichain', symbol: 'ETH' },
    137: { name: 'Polygon', symbol: 'POL' },
    146: { name: 'Sonic', symbol: 'S' },
    250: { name: 'Fantom', symbol: 'FTM' },
    324: { name: 'zkSync Era', symbol: 'ETH' },
    1101: { name: 'Polygon zkEVM', symbol: 'ETH' },
    5000: { name: 'Mantle', symbol: 'MNT' },
    8453: { name: 'Base', symbol: 'ETH' },
    42161: { name: 'Arbitrum One', symbol: 'ETH' },
    42170: { name: 'Arbitrum Nova', symbol: 'ETH' },
    42220: { name: 'Celo', symbol: 'CELO' },
    43114: { name: 'Avalanche C-Chain', symbol: 'AVAX' },
    59144: { name: 'Linea', symbol: 'ETH' },
    81457: { name: 'Blast', symbol: 'ETH' },
    534352: { name: 'Scroll', symbol: 'ETH' },
    7777777: { name: 'Zora', symbol: 'ETH' },
    17000: { name: 'Holesky', symbol: 'ETH', testnet: true },
    560048: { name: 'Hoodi', symbol: 'ETH', testnet: true },
    11155111: { name: 'Sepolia', symbol: 'ETH', testnet: true },
    11155420: { name: 'OP Sepolia', symbol: 'ETH', testnet: true },
    84532: { name: 'Base Sepolia', symbol: 'ETH', testnet: true },
    421614: { name: 'Arbitrum Sepolia', symbol: 'ETH', testnet: true },
    80002: { name: 'Polygon Amoy', symbol: 'POL', testnet: true },
    // The local devnet's chains (packages/devnet; 31337 is also the usual id of any local test chain).
    31337: { name: 'Portico Devnet', symbol: 'ETH', testnet: true },
    31338: { name: 'Portico Devnet 2', symbol: 'ETH', testnet: true },
  },
}

/**
 * The eip155 family (SPEC §6): the only one that meets the smart account. Where one is active
 * (activeAccount.ts) the handlers act with it in the EOA's place (smartAccountRpc.ts), and
 * eth_sendTransaction becomes a UserOperation; EIP-5792 batches and ERC-7715 go to calls.ts.
 */
const rpc: RpcFamily = async (session, { method, params, chainId }) => {
  const { wallet, approvals } = session
  const smart = await activeSmartAccount(session, chainId)
  const keys = () => (smart && wallet.keys ? asSmartAccount(wallet.keys, smart) : wallet.keys)
  // The approval screen's Account row names the account that acts.
  const approve: typeof approvals.approve = smart ? (content, m) => approvals.approve({ ...content, account: smart.address }, m) : approvals.approve
  const ctx: RpcContext = { chainId: session.chainId, rpcUrlFor: session.rpcUrlFor, networks: eip155Networks, keys, approve }
  if (CALLS_METHODS.has(method) || SMART_SESSION_METHODS.has(method)) return handleCallsRequest(ctx, method, params, chainId)
  if (smart && method === 'eth_sendTransaction' && wallet.keys) return sendFromSmartAccount(ctx, smart, params, chainId)
  return handleEip155(ctx, method, params, chainId)
}

export const eip155: FrameFamily = { rpc, keys: eip155Keys, networks: eip155Networks }

/** SPEC §6 for eip155: safe methods answered silently, unsafe ones only after approval. */
async function handleEip155(ctx: RpcContext, method: string, params: unknown[], chainId: number | string): Promise<unknown> {
  const unlocked = ctx.keys()
  if (isSafeRpcMethod(method)) {
    if (method === 'eth_accounts') return unlocked ? [unlocked.keys.addresses.eip155] : []
    if (method === 'eth_chainId') return numberToHex(Number(chainId))
    return jsonRpc(rpcUrlOf(ctx, chainId), method, params)
  }
  if (!unlocked) throw new UnauthorizedProviderError()
  const { account } = unlocked
  const sameAccount = (address: unknown) => typeof address === 'string' && address.toLowerCase() === account.address.toLowerCase()
  const network = (id: number | string | bigint) => networkOf(ctx, id)

  switch (method) {
    case 'personal_sign': {
      const [message, address] = params as [string, string]
      if (typeof message !== 'string' || !sameAccount(address))
        throw new InvalidParamsRpcError({ message: 'personal_sign needs [message, address of this wallet]' })
      const text = isHex(message) ? hexToString(message) : message
      const shown = isHex(message) && !printable(text) ? message : text
      if (!(await ctx.approve({ title: t('sign.message'), rows: [], body: { label: t('sign.messageLabel'), text: shown } }, method)))
        throw new UserRejectedRequestError()
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = params as [string, unknown]
      if (!sameAccount(address)) throw new InvalidParamsRpcError({ message: 'eth_signTypedData_v4 needs [address of this wallet, typed data]' })
      const typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataFacts & { types: Record<string, unknown> }
      const { EIP712Domain: _domain, ...types } = (typed?.types ?? {}) as TypedDataFacts['types']
      const request = { domain: typed?.domain, types, primaryType: typed?.primaryType, message: typed?.message } as TypedDataFacts
      try {
        hashTypedData(request as never) // refuses typed data that does not match its types before it is shown
      } catch (error) {
        const reason = error instanceof BaseError ? error.shortMessage : 'does not match its types'
        throw new InvalidParamsRpcError({ message: `Invalid typed data: ${reason}`, cause: error })
      }
      if (!(await ctx.approve(describeTypedData(request, { chainId, network }), method))) throw new UserRejectedRequestError()
      return account.signTypedData(request as never)
    }
    case 'eth_sendTransaction':
      return sendTransaction(ctx, params[0] as TransactionRequest | undefined, chainId)
    default:
      // On the unsafe list but not built in the frame for this family (see README).
      throw new UnsupportedProviderMethodError({ message: `${method} is not supported by the embedded wallet yet` })
  }
}

/** eth_sendTransaction from the EOA: filled in from the chain, shown (a router swap as one), signed, sent. */
async function sendTransaction(ctx: RpcContext, tx: TransactionRequest | undefined, chainId: number | string): Promise<Hex> {
  const { account } = ctx.keys()!
  if (!tx || (tx.from && tx.from.toLowerCase() !== account.address.toLowerCase()))
    throw new InvalidParamsRpcError({ message: 'eth_sendTransaction needs a transaction from this wallet' })
  const url = rpcUrlOf(ctx, chainId)
  const call = <T>(m: string, p: unknown[]) => jsonRpc(url, m, p) as Promise<T>
  const base = { from: account.address, to: tx.to, value: tx.value ?? '0x0', data: tx.data ?? '0x' }
  const nonce = tx.nonce ? Number(tx.nonce) : Number(await call<Hex>('eth_getTransactionCount', [account.address, 'pending']))
  const gas = BigInt(tx.gas ?? (await call<Hex>('eth_estimateGas', [base])))
  const block = await call<{ baseFeePerGas?: Hex }>('eth_getBlockByNumber', ['latest', false])
  let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint }
  if (block?.baseFeePerGas) {
    const priority = BigInt(tx.maxPriorityFeePerGas ?? (await call<Hex>('eth_maxPriorityFeePerGas', []).catch(() => '0x3b9aca00')))
    fees = { maxPriorityFeePerGas: priority, maxFeePerGas: BigInt(tx.maxFeePerGas ?? 0n) || BigInt(block.baseFeePerGas) * 2n + priority }
  } else fees = { gasPrice: BigInt(tx.gasPrice ?? (await call<Hex>('eth_gasPrice', []))) }
  const maxFee = 'gasPrice' in fees ? fees.gasPrice : fees.maxFeePerGas
  const request = {
    chainId: Number(chainId),
    nonce,
    gas,
    to: tx.to,
    value: BigInt(base.value),
    data: base.data,
    ...fees,
    type: 'gasPrice' in fees ? 'legacy' : 'eip1559',
  } as TransactionSerializable
  const decoded = decodeCall(base.data)
  const token = TOKEN_CALLS.includes(decoded.kind) && tx.to ? await readTokenInfo(call, tx.to) : undefined
  const facts = {
    account: account.address,
    to: tx.to,
    value: BigInt(base.value),
    data: base.data,
    network: networkOf(ctx, chainId),
    fee: { total: gas * maxFee, perGas: maxFee },
    token,
  }
  // A router swap is shown as one: the path's tokens read from the chain.
  const swap = decoded.kind === 'unknown' ? decodeSwapCall(base.data) : undefined
  const content = swap
    ? describeSwap(facts, swap, {
        in: swap.nativeIn ? undefined : await readTokenInfo(call, swap.path[0]!),
        out: swap.nativeOut ? undefined : await readTokenInfo(call, swap.path[swap.path.length - 1]!),
      })
    : describeTransaction(facts, decoded)
  if (!(await ctx.approve(content, 'eth_sendTransaction'))) throw new UserRejectedRequestError()
  const signed = await account.signTransaction(request)
  return call<Hex>('eth_sendRawTransaction', [signed])
}
