import type { CaipNetworkId, ChainNamespace } from '../spec/caip.js'
import { PorticoError } from '../errors/base.js'
import { errorMessage } from '../i18n/message.js'
import type { Portico } from '../portico.js'
import { reset } from '../router.js'
import { closeModal } from './closeModal.js'
import { clearConnection } from './internal/clearConnection.js'
import { track } from './internal/track.js'
import { reportError } from './internal/reportError.js'
import { clearLoginCacheNow } from './internal/clearLoginCacheNow.js'
import { isAuthConnector, signOutEmbedded } from './signOutEmbedded.js'

export interface DisconnectParameters {
  /** Only this chain family; all connected ones when omitted. */
  namespace?: ChainNamespace
}

export type DisconnectReturnType = void
export type DisconnectErrorType = PorticoError

/**
 * Disconnects the active connector of each (or one) namespace. The connector id is remembered
 * as disconnected so a reload does not reconnect it. Failure is 'Failed to disconnect'.
 */
export async function disconnect(portico: Portico, { namespace }: DisconnectParameters = {}) {
  const { connections } = portico.stores
  const namespaces = namespace ? [namespace] : (Object.keys(connections.getState().activeConnectorIds) as ChainNamespace[])
  await signOutSiwx(portico)
  // SPEC §4 'Embedded wallet frame': when the last auth connection goes, the login cache is
  // cleared at once and the frame signs out (waiting at most 3 s).
  const active = connections.getState().activeConnectorIds
  const signsOut =
    namespaces.some((ns) => isAuthConnector(active[ns])) &&
    !Object.entries(active).some(([ns, id]) => !namespaces.includes(ns as ChainNamespace) && isAuthConnector(id))
  if (signsOut) clearLoginCacheNow(portico)
  try {
    for (const ns of namespaces) {
      const connectorId = connections.getState().activeConnectorIds[ns]
      if (!connectorId) continue
      await portico.adapters.get(ns)?.disconnect({ connectorId })
      clearConnection(portico, ns, connectorId)
    }
    if (signsOut) await signOutEmbedded(portico)
  } catch (cause) {
    const error = new PorticoError(errorMessage('failedToDisconnect'), { cause, category: 'INTERNAL_SDK_ERROR' })
    track(portico, 'DISCONNECT_ERROR', { message: error.details })
    reportError(portico, error)
    throw error
  }
  track(portico, 'DISCONNECT_SUCCESS')
  if (Object.keys(connections.getState().activeConnectorIds).length === 0) {
    connections.setState({ status: 'disconnected' })
    if (portico.stores.modal.getState().embedded) reset(portico.stores.router, 'Connect')
    else closeModal(portico)
  }
}

/** SPEC §4/§9: sign out on disconnect (true unless the sign-in configuration says otherwise). */
async function signOutSiwx(portico: Portico) {
  const { siwx } = portico
  const address = portico.stores.account.getState().byNamespace[portico.stores.network.getState().activeNamespace]?.address
  if (!siwx || siwx.signOutOnDisconnect === false || !address) return
  const networks = new Set(portico.stores.siwx.getState().signedNetworks)
  const current = portico.stores.network.getState().caipNetwork?.caipNetworkId
  if (current) networks.add(current)
  try {
    for (const id of networks) await siwx.revokeSession(id as CaipNetworkId, address)
  } catch (error) {
    portico.logger.warn('sign-out failed', error)
  }
  portico.stores.siwx.setState({ hasSession: false, signedNetworks: [], status: 'idle' })
}
