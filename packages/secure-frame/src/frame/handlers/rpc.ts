import { cancelFactorScreen } from '../factorScreens.js'
import { handleRpc } from '../rpc.js'
import type { RequestHandlers } from '../session.js'

/** The wallet's EIP-1193 requests (SPEC §6: safe ones silently, unsafe ones after approval) and their abort. */
export const rpcHandlers: RequestHandlers<'RPC_REQUEST' | 'RPC_ABORT'> = {
  async RPC_REQUEST({ chainId, rpcUrlFor, wallet, approvals }, payload) {
    return handleRpc({ chainId, rpcUrlFor, keys: () => wallet.keys, approve: approvals.approve }, payload)
  },
  async RPC_ABORT({ approvals }) {
    approvals.abortAll()
    cancelFactorScreen()
    return {}
  },
}
