import type { EmbeddedWalletClient } from '../../embedded/types.js'
import type { Portico } from '../../portico.js'
import { goBack } from '../goBack.js'

export type HandleFactorScreenDoneParameters = EmbeddedWalletClient
export type HandleFactorScreenDoneReturnType = void
export type HandleFactorScreenDoneErrorType = never

/** The frame's screen is done: hide the frame, go back to the view that asked. */
export function handleFactorScreenDone(portico: Portico, client: HandleFactorScreenDoneParameters): HandleFactorScreenDoneReturnType {
  const { embedded, router } = portico.stores
  client.hideFrame()
  if (!embedded.getState().factorScreen) return
  embedded.setState({ factorScreen: undefined })
  if (router.getState().view === 'EmbeddedFactor') goBack(portico)
}
