import type { AtomicStatus } from '@portico/core/spec'
import type { Address, Hex } from 'viem'

/**
 * The seam between the frame's EIP-5792 requests (calls.ts: checks, the one approval screen, ids
 * and status) and what sends an approved batch: an EOA's one transaction per call (callsEoa.ts),
 * or a smart account's one UserOperation, plugged in with setSmartAccountBatchRunner.
 */

export interface BatchCall {
  to: Address
  value: bigint
  data: Hex
}

export interface CallsReceipt {
  logs: { address: Hex; data: Hex; topics: Hex[] }[]
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

export interface BatchStatus {
  /** EIP-5792 status code (CallsStatusCode). */
  status: number
  receipts: CallsReceipt[]
}

/** What sends an approved batch for the active account. */
export interface BatchRunner {
  /** What wallet_getCapabilities states for `atomic` on this chain. */
  atomic: AtomicStatus
  /** Sends the batch (after the user approved it); resolves once it is submitted. */
  send(calls: BatchCall[]): Promise<{ atomic: boolean; status(): Promise<BatchStatus>; capabilities?: Record<string, unknown> }>
  /** Extra capabilities of this chain (e.g. paymasterService). */
  capabilities?: Record<string, unknown>
  /** The account that sends the calls when it is not the EOA (a smart account's address). */
  address?: Address
}

/** A smart account's runner for a chain, or undefined when the EOA is the active account there. */
export type SmartAccountBatchRunner = (chainId: number) => BatchRunner | undefined
let smartAccountRunner: SmartAccountBatchRunner | undefined
/** The smart-account code (ERC-4337) plugs its UserOperation path in here; undefined unplugs it. */
export function setSmartAccountBatchRunner(runner: SmartAccountBatchRunner | undefined) {
  smartAccountRunner = runner
}
/** The active smart account's runner for a chain, if one is plugged in and active there. */
export function smartAccountBatchRunner(chainId: number): BatchRunner | undefined {
  return smartAccountRunner?.(chainId)
}
