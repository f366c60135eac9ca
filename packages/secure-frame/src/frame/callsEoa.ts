import { CallsStatusCode } from '@portico/core/spec'
import type { Hex, PrivateKeyAccount, TransactionSerializable } from 'viem'
import type { BatchCall, BatchRunner, BatchStatus, CallsReceipt } from './batchRunner.js'

type Call = <T>(method: string, params: unknown[]) => Promise<T>

/**
 * An EOA runs an approved batch as one transaction per call, each sent once the previous one is
 * mined (a later call may depend on an earlier one, e.g. approve then swap): not atomic.
 */
export function eoaBatchRunner(
  account: PrivateKeyAccount,
  chainId: number,
  call: Call,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): BatchRunner {
  return {
    atomic: 'unsupported',
    async send(calls) {
      const state: { receipts: CallsReceipt[]; status: number } = { receipts: [], status: CallsStatusCode.pending }
      // The first call is sent before the id is answered: a refusal of the node reaches the host, nothing sent.
      let hash = await sendTransaction(account, chainId, call, calls[0]!)
      void (async () => {
        try {
          for (let i = 0; i < calls.length; i++) {
            if (i > 0) hash = await sendTransaction(account, chainId, call, calls[i]!)
            const receipt = await mined(call, hash, wait)
            state.receipts.push(receipt)
            if (receipt.status !== '0x1') {
              state.status = i === 0 ? CallsStatusCode.reverted : CallsStatusCode.partiallyReverted
              return
            }
          }
          state.status = CallsStatusCode.confirmed
        } catch {
          state.status = CallsStatusCode.partiallyReverted
        }
      })()
      return { atomic: false, status: async (): Promise<BatchStatus> => ({ status: state.status, receipts: [...state.receipts] }) }
    },
  }
}

async function mined(call: Call, hash: Hex, wait: (ms: number) => Promise<unknown>): Promise<CallsReceipt> {
  for (let delay = 50; ; delay = Math.min(delay * 2, 1_000)) {
    const receipt = await call<CallsReceipt | null>('eth_getTransactionReceipt', [hash])
    if (receipt) {
      const { logs, status, blockHash, blockNumber, gasUsed, transactionHash } = receipt
      return { logs: logs.map(({ address, data, topics }) => ({ address, data, topics })), status, blockHash, blockNumber, gasUsed, transactionHash }
    }
    await wait(delay)
  }
}

/** Signs and sends one call as an EIP-1559 (or legacy) transaction from the EOA. */
async function sendTransaction(account: PrivateKeyAccount, chainId: number, call: Call, one: BatchCall): Promise<Hex> {
  const base = { from: account.address, to: one.to, value: `0x${one.value.toString(16)}`, data: one.data }
  const [nonce, gas, block] = await Promise.all([
    call<Hex>('eth_getTransactionCount', [account.address, 'pending']),
    call<Hex>('eth_estimateGas', [base]),
    call<{ baseFeePerGas?: Hex }>('eth_getBlockByNumber', ['latest', false]),
  ])
  let fees: Pick<TransactionSerializable, 'maxFeePerGas' | 'maxPriorityFeePerGas' | 'gasPrice'>
  if (block?.baseFeePerGas) {
    const priority = BigInt(await call<Hex>('eth_maxPriorityFeePerGas', []).catch(() => '0x3b9aca00'))
    fees = { maxPriorityFeePerGas: priority, maxFeePerGas: BigInt(block.baseFeePerGas) * 2n + priority }
  } else fees = { gasPrice: BigInt(await call<Hex>('eth_gasPrice', [])) }
  const signed = await account.signTransaction({
    chainId,
    nonce: Number(nonce),
    gas: BigInt(gas),
    to: one.to,
    value: one.value,
    data: one.data,
    ...fees,
    type: fees.gasPrice === undefined ? 'eip1559' : 'legacy',
  } as TransactionSerializable)
  return call<Hex>('eth_sendRawTransaction', [signed])
}
