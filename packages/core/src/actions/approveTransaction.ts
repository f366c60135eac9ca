import type { EmbeddedWalletClient } from '../embedded/client.js'
import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { goBack } from './goBack.js'
import { openModal } from './openModal.js'

/**
 * SPEC §6: an unsafe RPC method waits for the user on ApproveTransaction, a screen the secure
 * origin draws (the view shows the frame itself over the modal body). Closing the modal while
 * it waits rejects the pending request.
 */
export function handleApprovalNeeded(portico: Portico, method: string) {
  const { embedded, modal, router } = portico.stores
  embedded.setState({ approval: { method } })
  portico.modalCloseListeners.add(() => void rejectApproval(portico))
  if (modal.getState().open) push(router, 'ApproveTransaction')
  else openModal(portico, { view: 'ApproveTransaction' })
}

/** The frame's approval screen is done (approved or rejected): hide the frame, go back. */
export function handleApprovalDone(portico: Portico, client: EmbeddedWalletClient) {
  const { embedded, router } = portico.stores
  client.hideFrame()
  if (!embedded.getState().approval) return
  embedded.setState({ approval: undefined })
  if (router.getState().view === 'ApproveTransaction') goBack(portico)
}

/**
 * SPEC §6 'Unsafe requests are aborted when pending requests are rejected': the user left
 * ApproveTransaction without answering; every pending unsafe request fails with 'Request was aborted'.
 */
export async function rejectApproval(portico: Portico) {
  const { embedded } = portico.stores
  if (!embedded.getState().approval) return
  embedded.setState({ approval: undefined })
  const client = await portico.embeddedWalletClient?.catch(() => undefined)
  if (!client) return
  client.hideFrame()
  await client.abortRpc().catch((error) => portico.logger.debug('RPC abort failed', error))
}
