import { ErrorText } from './catalogue.js'

/**
 * EIP-5792 (Wallet Call API, final shape) and SPEC §5's rule for batched calls: one home for
 * both, so core, the embedded protocol, the secure frame and the test wallets check a batch the
 * same way and refuse it with the same text.
 */

/** The request format version every wallet_sendCalls carries (EIP-5792). */
export const CALLS_VERSION = '2.0.0'

/** wallet_getCallsStatus `status`: 1xx pending, 2xx confirmed, 4xx off-chain failure, 5xx reverted, 6xx partial. */
export const CallsStatusCode = {
  pending: 100,
  confirmed: 200,
  offchainFailure: 400,
  reverted: 500,
  partiallyReverted: 600,
} as const

/** EIP-5792's error codes. */
export const CallsErrorCode = {
  unsupportedCapability: 5700,
  unsupportedChainId: 5710,
  duplicateId: 5720,
  unknownBundleId: 5730,
  bundleTooLarge: 5740,
  upgradeRejected: 5750,
  atomicityNotSupported: 5760,
} as const

/** What a wallet answers for `atomic` in wallet_getCapabilities. */
export type AtomicStatus = 'supported' | 'ready' | 'unsupported'

/** The most calls one batch may hold (the approval screen lists every one). */
export const MAX_BATCHED_CALLS = 50

export interface BatchCall {
  to?: string
  data?: string
  value?: string | bigint
  capabilities?: Record<string, unknown>
}

/** SPEC §5 'Batched calls need a 'to' starting with 0x and optional data starting with 0x.' */
export function isValidBatchCall(call: unknown): boolean {
  if (typeof call !== 'object' || call === null) return false
  const { to, data } = call as { to?: unknown; data?: unknown }
  if (typeof to !== 'string' || !to.startsWith('0x')) return false
  return data === undefined || (typeof data === 'string' && data.startsWith('0x'))
}

/** The rule's refusal for a batch, or undefined when every call follows it. */
export function batchCallsProblem(calls: unknown): string | undefined {
  if (!Array.isArray(calls) || calls.length === 0 || !calls.every(isValidBatchCall)) return ErrorText.invalidBatchedCalls
  return undefined
}

/** The status name viem and wagmi report for an EIP-5792 status code. */
export function callsStatusName(code: number): 'pending' | 'success' | 'failure' | undefined {
  if (code >= 100 && code < 200) return 'pending'
  if (code >= 200 && code < 300) return 'success'
  if (code >= 400 && code < 700) return 'failure'
  return undefined
}
