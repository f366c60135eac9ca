import { activeSmartAccount } from '../activeAccount.js'
import { cancelFactorScreen } from '../factorScreens.js'
import { CALLS_METHODS, handleCallsRequest, SMART_SESSION_METHODS } from '../calls.js'
import { handleRpc } from '../rpc.js'
import type { RequestHandlers } from '../session.js'
import { asSmartAccount, sendFromSmartAccount } from '../smartAccountRpc.js'

/** The wallet's EIP-1193 requests (SPEC §6: safe ones silently, unsafe ones after approval) and their abort. */
export const rpcHandlers: RequestHandlers<'RPC_REQUEST' | 'RPC_ABORT'> = {
  async RPC_REQUEST(session, payload) {
    const { chainId, rpcUrlFor, wallet, approvals } = session
    // A smart account where it is active (activeAccount.ts): rpc.ts and calls.ts act with it in the EOA's place.
    const smart = await activeSmartAccount(session, payload.chainId ?? chainId)
    const keys = () => (smart && wallet.keys ? asSmartAccount(wallet.keys, smart) : wallet.keys)
    // The approval screen's Account row names the account that acts.
    const approve: typeof approvals.approve = smart ? (content, method) => approvals.approve({ ...content, account: smart.address }, method) : approvals.approve
    const ctx = { chainId, rpcUrlFor, keys, approve }
    // EIP-5792 batches and ERC-7715 smart sessions: frame/calls.ts.
    if (CALLS_METHODS.has(payload.method) || SMART_SESSION_METHODS.has(payload.method))
      return handleCallsRequest(
        ctx,
        payload.method,
        Array.isArray(payload.params) ? payload.params : payload.params === undefined ? [] : [payload.params],
        payload.chainId ?? chainId,
      )
    if (smart && payload.method === 'eth_sendTransaction' && wallet.keys)
      return sendFromSmartAccount(ctx, smart, Array.isArray(payload.params) ? payload.params : [payload.params], payload.chainId ?? chainId)
    return handleRpc(ctx, payload)
  },
  async RPC_ABORT({ approvals }) {
    approvals.abortAll()
    cancelFactorScreen()
    return {}
  },
}
