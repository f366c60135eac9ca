import type { Portico } from '../portico.js'
import { reset } from '../router.js'
import { SiwxText } from '../siwx/config.js'
import { addNetwork } from '../siwx/addNetwork.js'
import { siwxMessage } from '../i18n/message.js'
import { disconnect } from './disconnect.js'
import { getAccount } from '../stores/account.js'
import { openModal } from './openModal.js'
import { showSnack } from './showSnack.js'

export type CheckSiwxReturnType = void
export type CheckSiwxErrorType = never

/**
 * SPEC §4 'Wallet sign-in', on connect: with a sign-in configuration and a supported network,
 * email capture opens DataCapture; otherwise, without a stored session, SIWXSignMessage.
 * An initialization failure disconnects, resets to Connect and says so.
 */
export async function checkSiwx(portico: Portico) {
  const { siwx } = portico
  const { caipNetwork, unsupported } = portico.stores.network.getState()
  const { address } = getAccount(portico)
  if (!siwx || !address || !caipNetwork || unsupported) return
  const store = portico.stores.siwx
  store.setState({ status: 'checking', error: undefined })
  try {
    const sessions = await siwx.getSessions(caipNetwork.caipNetworkId, address)
    const hasSession = sessions.length > 0
    store.setState({
      status: hasSession ? 'signed' : 'idle',
      hasSession,
      signedNetworks: hasSession ? addNetwork(store.getState().signedNetworks, caipNetwork.caipNetworkId) : store.getState().signedNetworks,
    })
    if (portico.stores.project.getState().remoteFeatures.emailCapture) openModal(portico, { view: 'DataCapture' })
    else if (!hasSession) openModal(portico, { view: 'SIWXSignMessage' })
  } catch (error) {
    portico.logger.error('sign-in initialization failed', error)
    store.setState({ status: 'error', error: { key: 'siwxText.initFailed' } })
    await disconnect(portico).catch(() => undefined)
    reset(portico.stores.router, 'Connect')
    showSnack(portico, { message: siwxMessage('initFailed'), variant: 'error' })
  }
}
