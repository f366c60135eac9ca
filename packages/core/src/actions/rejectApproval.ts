import type { Portico } from '../portico.js'

export type RejectApprovalReturnType = void
/** Never rejects: a frame that cannot abort is logged. */
export type RejectApprovalErrorType = never

/**
 * SPEC §6 'Unsafe requests are aborted when pending requests are rejected': the user left
 * ApproveTransaction without answering; every pending unsafe request fails with 'Request was aborted'.
 */
export async function rejectApproval(portico: Portico): Promise<RejectApprovalReturnType> {
  const { embedded } = portico.stores
  if (!embedded.getState().approval) return
  embedded.setState({ approval: undefined })
  const client = await portico.embeddedWalletClient?.catch(() => undefined)
  if (!client) return
  client.hideFrame()
  await client.abortRpc().catch((error) => portico.logger.debug('RPC abort failed', error))
}
