import type { EmbeddedWalletClient } from '../../embedded/types.js'
import type { Portico } from '../../portico.js'
import { goBack } from '../goBack.js'

export type HandleApprovalDoneParameters = EmbeddedWalletClient
export type HandleApprovalDoneReturnType = void
export type HandleApprovalDoneErrorType = never

/** The frame's approval screen is done (approved or rejected): hide the frame, go back. */
export function handleApprovalDone(portico: Portico, client: HandleApprovalDoneParameters): HandleApprovalDoneReturnType {
  const { embedded, router } = portico.stores
  client.hideFrame()
  if (!embedded.getState().approval) return
  embedded.setState({ approval: undefined })
  if (router.getState().view === 'ApproveTransaction') goBack(portico)
}
