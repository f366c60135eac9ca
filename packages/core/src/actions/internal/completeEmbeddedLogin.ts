import type { EmbeddedWalletClient } from '../../embedded/types.js'
import type { Portico } from '../../portico.js'
import { track } from './track.js'
import { closeModal } from '../closeModal.js'
import { afterConnect } from './afterConnect.js'
import { connectEmbeddedUser, embeddedUserParameters, type EmbeddedLoginMethod } from './connectEmbeddedUser.js'

/** The frame has a session: read the user, connect the adapters, close the modal. */
export async function completeEmbeddedLogin(portico: Portico, client: EmbeddedWalletClient, method: EmbeddedLoginMethod) {
  const user = await client.getUser(embeddedUserParameters(portico))
  await connectEmbeddedUser(portico, client, { user, method })
  portico.stores.embedded.setState({ loading: false, error: undefined, emailStep: undefined })
  track(portico, 'CONNECT_SUCCESS', { method: method === 'email' ? 'email' : 'social', name: method })
  closeModal(portico)
  afterConnect(portico)
}
