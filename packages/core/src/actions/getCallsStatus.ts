import type { BatchedCallsUnsupportedError, CallsRequestError } from '../errors/calls.js'
import type { ProviderRpcError } from '../errors/provider.js'
import type { Portico } from '../portico.js'
import { walletCallsRequest } from './internal/walletCalls.js'
import { callsStatusName } from '../spec/calls.js'

export interface CallsReceipt {
  logs: { address: string; data: string; topics: string[] }[]
  /** 0x1 success, 0x0 failure. */
  status: string
  blockHash: string
  blockNumber: string
  gasUsed: string
  transactionHash: string
}

export interface GetCallsStatusParameters {
  /** The id sendCalls returned. */
  id: string
}
export interface GetCallsStatusReturnType {
  id: string
  version: string
  chainId: number
  /** EIP-5792's code: 100 pending, 200 confirmed, 400 off-chain failure, 500 reverted, 600 partly reverted. */
  statusCode: number
  /** The code's meaning, as viem and wagmi name it. */
  status: 'pending' | 'success' | 'failure' | undefined
  /** Whether the wallet ran the calls atomically (one transaction or UserOperation). */
  atomic: boolean
  receipts: CallsReceipt[]
  capabilities?: Record<string, unknown>
}
export type GetCallsStatusErrorType = BatchedCallsUnsupportedError | CallsRequestError | ProviderRpcError

interface WalletCallsStatus {
  version?: string
  id?: string
  chainId?: string
  status: number
  atomic?: boolean
  receipts?: CallsReceipt[]
  capabilities?: Record<string, unknown>
}

/** EIP-5792 wallet_getCallsStatus through the active connection's EIP-1193 provider. */
export async function getCallsStatus(portico: Portico, { id }: GetCallsStatusParameters): Promise<GetCallsStatusReturnType> {
  const answer = await walletCallsRequest<WalletCallsStatus>(portico, 'wallet_getCallsStatus', [id])
  return {
    id: answer.id ?? id,
    version: answer.version ?? '2.0.0',
    chainId: Number(answer.chainId),
    statusCode: answer.status,
    status: callsStatusName(answer.status),
    atomic: answer.atomic ?? false,
    receipts: answer.receipts ?? [],
    ...(answer.capabilities ? { capabilities: answer.capabilities } : {}),
  }
}
