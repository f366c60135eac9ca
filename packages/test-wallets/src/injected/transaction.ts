/** eth_sendTransaction: fill missing fields from the chain, sign locally, broadcast raw. */
import { hexToBigInt, type Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { invalidParams } from './errors'
import { rpcRequest } from './rpc'

export interface TransactionRequest {
  from?: Hex
  to?: Hex | null
  value?: Hex
  data?: Hex
  input?: Hex
  gas?: Hex
  gasLimit?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  nonce?: Hex
  chainId?: Hex
}

type Rpc = <T>(method: string, params?: unknown[]) => Promise<T>

export interface PreparedTransaction {
  to?: Hex
  value: bigint
  data?: Hex
  gas: bigint
  fees: { gasPrice: bigint } | { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
}

const big = (v: Hex | undefined) => (v === undefined ? undefined : hexToBigInt(v))

/** Everything except the nonce (taken after approval so queued transactions do not collide). */
export async function prepareTransaction(rpc: Rpc, from: Hex, tx: TransactionRequest): Promise<PreparedTransaction> {
  const to = tx.to ?? undefined
  const data = tx.data ?? tx.input
  const value = big(tx.value) ?? 0n
  if (!to && !data) throw invalidParams('eth_sendTransaction needs "to" or "data" (contract creation).')

  const gasGiven = big(tx.gas ?? tx.gasLimit)
  const gasPromise = gasGiven !== undefined ? Promise.resolve(gasGiven) : rpc<Hex>('eth_estimateGas', [{ from, to, value: tx.value, data }]).then(hexToBigInt)

  let feesPromise: Promise<PreparedTransaction['fees']>
  if (tx.gasPrice) {
    feesPromise = Promise.resolve({ gasPrice: hexToBigInt(tx.gasPrice) })
  } else if (tx.maxFeePerGas && tx.maxPriorityFeePerGas) {
    feesPromise = Promise.resolve({ maxFeePerGas: hexToBigInt(tx.maxFeePerGas), maxPriorityFeePerGas: hexToBigInt(tx.maxPriorityFeePerGas) })
  } else {
    feesPromise = estimateFees(rpc, tx)
  }
  const [gas, fees] = await Promise.all([gasPromise, feesPromise])
  return { to, value, data, gas, fees }
}

/** EIP-1559 fees like most wallets: 2 × base fee + tip; legacy gasPrice on pre-London chains. */
async function estimateFees(rpc: Rpc, tx: TransactionRequest): Promise<PreparedTransaction['fees']> {
  const block = await rpc<{ baseFeePerGas?: Hex } | null>('eth_getBlockByNumber', ['latest', false])
  if (!block?.baseFeePerGas) return { gasPrice: hexToBigInt(await rpc<Hex>('eth_gasPrice')) }
  const tip = big(tx.maxPriorityFeePerGas) ?? (await rpc<Hex>('eth_maxPriorityFeePerGas').then(hexToBigInt, () => 1_000_000_000n))
  const maxFee = big(tx.maxFeePerGas) ?? hexToBigInt(block.baseFeePerGas) * 2n + tip
  return { maxFeePerGas: maxFee, maxPriorityFeePerGas: tip > maxFee ? maxFee : tip }
}

export async function signAndSend(
  rpc: Rpc,
  account: PrivateKeyAccount,
  chainId: number,
  prepared: PreparedTransaction,
  nonceHex: Hex | undefined,
): Promise<Hex> {
  const nonce = Number(big(nonceHex) ?? hexToBigInt(await rpc<Hex>('eth_getTransactionCount', [account.address, 'pending'])))
  const common = { chainId, nonce, to: prepared.to, value: prepared.value, data: prepared.data, gas: prepared.gas }
  const serialized =
    'gasPrice' in prepared.fees
      ? await account.signTransaction({ ...common, type: 'legacy', gasPrice: prepared.fees.gasPrice })
      : await account.signTransaction({ ...common, type: 'eip1559', ...prepared.fees })
  return rpc<Hex>('eth_sendRawTransaction', [serialized])
}
