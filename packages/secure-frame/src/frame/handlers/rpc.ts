import { cancelFactorScreen } from '../factorScreens.js'
import { CALLS_METHODS, handleCallsRequest, SMART_SESSION_METHODS } from '../calls.js'
import { handleRpc } from '../rpc.js'
import type { RequestHandlers } from '../session.js'

/** The wallet's EIP-1193 requests (SPEC §6: safe ones silently, unsafe ones after approval) and their abort. */
export const rpcHandlers: RequestHandlers<'RPC_REQUEST' | 'RPC_ABORT'> = {
  async RPC_REQUEST({ chainId, rpcUrlFor, wallet, approvals }, payload) {
    const ctx = { chainId, rpcUrlFor, keys: () => wallet.keys, approve: approvals.approve }
    // EIP-5792 batches and ERC-7715 smart sessions: frame/calls.ts.
    if (CALLS_METHODS.has(payload.method) || SMART_SESSION_METHODS.has(payload.method))
      return handleCallsRequest(
        ctx,
        payload.method,
        Array.isArray(payload.params) ? payload.params : payload.params === undefined ? [] : [payload.params],
        payload.chainId ?? chainId,
      )
    return handleRpc(ctx, payload)
  },
  async RPC_ABORT({ approvals }) {
    approvals.abortAll()
    cancelFactorScreen()
    return {}
  },
}
