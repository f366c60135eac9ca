import { InvalidBatchedCallsError, type BatchedCallsUnsupportedError, type CallsRequestError } from '../errors/calls.js'
import type { UserRejectedRequestError } from '../errors/connector.js'
import type { ProviderRpcError } from '../errors/provider.js'
import type { Portico } from '../portico.js'
import { callsConnection, walletCallsRequest } from './internal/walletCalls.js'
import { batchCallsProblem, CALLS_VERSION } from '../spec/calls.js'

export interface Call {
  /** SPEC §5: starts with 0x. */
  to: `0x${string}`
  /** SPEC §5: when given, starts with 0x. */
  data?: `0x${string}`
  /** In wei. */
  value?: bigint
}

export interface SendCallsParameters {
  calls: readonly Call[]
  /** Default: the connection's chain. */
  chainId?: number
  /** Ask the wallet to run every call or none (EIP-5792 atomicRequired); a wallet that cannot refuses with 5760. */
  atomicRequired?: boolean
  /** The batch's id; default: the wallet chooses one. */
  id?: string
  capabilities?: Record<string, unknown>
}
export interface SendCallsReturnType {
  /** What getCallsStatus and showCallsStatus take. */
  id: string
  capabilities?: Record<string, unknown>
}
export type SendCallsErrorType = InvalidBatchedCallsError | BatchedCallsUnsupportedError | CallsRequestError | UserRejectedRequestError | ProviderRpcError

/**
 * EIP-5792 wallet_sendCalls from the connected account through the active connection's EIP-1193
 * provider: browser, WalletConnect or embedded wallet alike. The batch is checked against SPEC §5
 * before any wallet sees it. A wallet without EIP-5792 is a BatchedCallsUnsupportedError: core
 * does not fall back to one transaction per call.
 */
export async function sendCalls(
  portico: Portico,
  { calls, chainId, atomicRequired = false, id, capabilities }: SendCallsParameters,
): Promise<SendCallsReturnType> {
  if (batchCallsProblem(calls)) throw new InvalidBatchedCallsError()
  const connection = callsConnection(portico)
  const request = {
    version: CALLS_VERSION,
    ...(id === undefined ? {} : { id }),
    from: connection.address,
    chainId: `0x${(chainId ?? connection.chainId).toString(16)}`,
    atomicRequired,
    calls: calls.map((call) => ({
      to: call.to,
      ...(call.data === undefined ? {} : { data: call.data }),
      ...(call.value === undefined ? {} : { value: `0x${call.value.toString(16)}` }),
    })),
    ...(capabilities ? { capabilities } : {}),
  }
  const answer = await walletCallsRequest<string | SendCallsReturnType>(portico, 'wallet_sendCalls', [request])
  // Wallets of EIP-5792's first drafts answered the id alone.
  return typeof answer === 'string' ? { id: answer } : answer
}
