import type { Portico } from '../../portico.js'
import { push } from '../../router.js'
import { openModal } from '../openModal.js'
import { rejectApproval } from '../rejectApproval.js'

/** The unsafe RPC method the frame asks the user to approve. */
export type HandleApprovalNeededParameters = string
export type HandleApprovalNeededReturnType = void
export type HandleApprovalNeededErrorType = never

/**
 * SPEC §6: an unsafe RPC method waits for the user on ApproveTransaction, a screen the secure
 * origin draws (the view shows the frame itself over the modal body). Closing the modal while
 * it waits rejects the pending request.
 */
export function handleApprovalNeeded(portico: Portico, method: HandleApprovalNeededParameters): HandleApprovalNeededReturnType {
  const { embedded, modal, router } = portico.stores
  embedded.setState({ approval: { method } })
  portico.modalCloseListeners.add(() => void rejectApproval(portico))
  if (modal.getState().open) push(router, 'ApproveTransaction')
  else openModal(portico, { view: 'ApproveTransaction' })
}
