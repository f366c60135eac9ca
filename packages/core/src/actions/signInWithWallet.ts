import { PorticoError } from '../errors/base.js'
import type { Portico } from '../portico.js'
import { siwxMessage } from '../i18n/message.js'
import { track } from './internal/track.js'
import { addNetwork } from '../siwx/addNetwork.js'
import { emailResource } from './emailResource.js'
import { closeModal } from './closeModal.js'
import { getAccount } from '../stores/account.js'
import { getActiveConnectorId } from '../stores/connections.js'
import { hideSnack } from './hideSnack.js'
import { showSnack } from './showSnack.js'
import { raiseProviderAlert } from './internal/raiseProviderAlert.js'

export type SignInWithWalletReturnType = void
export type SignInWithWalletErrorType = PorticoError

/**
 * SPEC §4 'Wallet sign-in' — sign: create the message, sign it, add the session, close the
 * modal. A signing failure keeps SIWXSignMessage open and shows 'Error signing message'.
 */
export async function signInWithWallet(portico: Portico) {
  const { siwx } = portico
  if (!siwx) throw new PorticoError(siwxMessage('notEnabled'))
  const { caipNetwork } = portico.stores.network.getState()
  const { address } = getAccount(portico)
  if (!address) throw new PorticoError(siwxMessage('noActiveCaipAddress'))
  const adapter = caipNetwork ? portico.adapters.get(caipNetwork.chainNamespace) : undefined
  if (!caipNetwork || !adapter) throw new PorticoError(siwxMessage('noActiveCaipNetwork'))
  const connectorId = getActiveConnectorId(portico, caipNetwork.chainNamespace)
  if (!adapter.signMessage || !connectorId) throw new PorticoError(siwxMessage('noConnectionClient'))

  const store = portico.stores.siwx
  store.setState({ status: 'signing', error: undefined })
  // A new attempt supersedes the failure of the last one.
  if (portico.stores.snack.getState().message?.key === 'siwxText.errorSigning') hideSnack(portico)
  try {
    const { email } = store.getState()
    const resources = email ? [emailResource(email)] : undefined
    const { data, text } = await siwx.createMessage({ accountAddress: address, chainId: caipNetwork.caipNetworkId, ...(resources ? { resources } : {}) })
    const signature = await adapter.signMessage({ connectorId, address, message: text })
    await siwx.addSession({ data, message: text, signature })
    store.setState({ status: 'signed', hasSession: true, signedNetworks: addNetwork(store.getState().signedNetworks, caipNetwork.caipNetworkId) })
    track(portico, 'SIWX_AUTH_SUCCESS', { network: caipNetwork.caipNetworkId })
    closeModal(portico, { force: true })
  } catch (cause) {
    portico.logger.debug('sign-in failed', cause)
    raiseProviderAlert(portico, cause)
    store.setState({ status: 'error', error: { key: 'siwxText.errorSigning' } })
    showSnack(portico, { message: siwxMessage('errorSigning'), variant: 'error' })
    track(portico, 'SIWX_AUTH_ERROR', { network: caipNetwork.caipNetworkId })
    throw new PorticoError(siwxMessage('errorSigning'), { cause })
  }
}
