import { cancelFactorScreen } from '../factorScreens.js'
import { handleRpc } from '../rpc/index.js'
import type { RequestHandlers } from '../session.js'

/** The wallet's EIP-1193 requests (SPEC §6), dispatched by chain family (rpc/index.ts), and their abort. */
export const rpcHandlers: RequestHandlers<'RPC_REQUEST' | 'RPC_ABORT'> = {
  RPC_REQUEST: handleRpc,
  async RPC_ABORT({ approvals }) {
    approvals.abortAll()
    cancelFactorScreen()
    return {}
  },
}
