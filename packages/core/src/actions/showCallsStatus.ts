import type { BatchedCallsUnsupportedError, CallsRequestError } from '../errors/calls.js'
import type { ProviderRpcError } from '../errors/provider.js'
import type { Portico } from '../portico.js'
import { walletCallsRequest } from './internal/walletCalls.js'

export interface ShowCallsStatusParameters {
  /** The id sendCalls returned. */
  id: string
}
export type ShowCallsStatusReturnType = void
export type ShowCallsStatusErrorType = BatchedCallsUnsupportedError | CallsRequestError | ProviderRpcError

/** EIP-5792 wallet_showCallsStatus: the wallet shows the batch's calls and how they went, in its own UI. */
export async function showCallsStatus(portico: Portico, { id }: ShowCallsStatusParameters): Promise<ShowCallsStatusReturnType> {
  await walletCallsRequest<unknown>(portico, 'wallet_showCallsStatus', [id])
}
