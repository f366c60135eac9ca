import { decodeFunctionData, parseAbi, parseAbiItem, toEventSelector, type Hex } from 'viem'
import type { TransferRow } from './store.js'

/**
 * ERC-4337 smart accounts (the embedded wallet's Safe): a native send from one is an inner call of the
 * bundler's handleOps transaction, so neither its `from` nor its `value` is the account's. The
 * EntryPoint's UserOperationEvent says which account's operation ran and whether it succeeded; the
 * operation's callData (Safe4337Module executeUserOp) says to whom and how much.
 * Not read: value moved inside a MultiSend batch (operation 1), and other account implementations.
 */
export const USER_OPERATION_EVENT_TOPIC = toEventSelector(
  parseAbiItem(
    'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
  ),
)

const handleOpsAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function handleOps(PackedUserOperation[] ops, address beneficiary)',
])
const safe4337Abi = parseAbi([
  'function executeUserOp(address to, uint256 value, bytes data, uint8 operation)',
  'function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)',
])

/** A UserOperationEvent log: topics [selector, userOpHash, sender, paymaster], data (nonce, success, …). */
export interface UserOpLog {
  topics: Hex[]
  data: Hex
  logIndex: number
}

/** A UserOperationEvent's hash and actualGasCost (data: nonce, success, actualGasCost, actualGasUsed), for sponsorship budgets. */
export function settledOperation(log: UserOpLog): { userOpHash: string; actualGasCost: bigint }[] {
  const hash = log.topics[1]
  const cost = log.data.slice(2 + 128, 2 + 192)
  if (!hash || !/^0x[0-9a-fA-F]{64}$/.test(hash) || cost.length !== 64) return []
  return [{ userOpHash: hash.toLowerCase(), actualGasCost: BigInt(`0x${cost}`) }]
}

/** The native transfers of the successful UserOperations in one handleOps transaction (input: its calldata). */
export function userOpNativeTransfers(tx: { hash: string; blockNumber: number; input: Hex }, logs: readonly UserOpLog[]): TransferRow[] {
  let ops: readonly { sender: Hex; callData: Hex }[]
  try {
    const call = decodeFunctionData({ abi: handleOpsAbi, data: tx.input })
    ops = call.args[0]
  } catch {
    return [] // another entry point method (handleAggregatedOps) or not an EntryPoint call
  }
  const rows: TransferRow[] = []
  for (const log of logs) {
    const sender = log.topics[2] ? (`0x${log.topics[2].slice(26)}` as Hex).toLowerCase() : undefined
    const success = BigInt(`0x${log.data.slice(2 + 64, 2 + 128) || '0'}`) === 1n
    const op = ops.find((o) => o.sender.toLowerCase() === sender)
    if (!sender || !success || !op) continue
    let inner: { args: readonly [Hex, bigint, Hex, number] }
    try {
      inner = decodeFunctionData({ abi: safe4337Abi, data: op.callData }) as typeof inner
    } catch {
      continue
    }
    const [to, value, , operation] = inner.args
    if (operation !== 0 || value === 0n) continue
    rows.push({
      hash: tx.hash,
      blockNumber: tx.blockNumber,
      logIndex: log.logIndex,
      kind: 'native',
      token: null,
      from: sender,
      to: to.toLowerCase(),
      amount: value.toString(),
      tokenId: null,
    })
  }
  return rows
}
