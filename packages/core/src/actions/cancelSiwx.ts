import type { PorticoError } from '../errors/base.js'
import type { CaipNetworkId } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { closeModal } from './closeModal.js'
import { disconnect } from './disconnect.js'
import { switchNetwork } from './switchNetwork.js'

export type CancelSiwxReturnType = void
export type CancelSiwxErrorType = PorticoError

/**
 * SPEC §4 'Wallet sign-in' — cancel. When sign-in is required: switch back to the last
 * signed-in network if a session exists, else disconnect. When it is not: just close.
 */
export async function cancelSiwx(portico: Portico) {
  const required = portico.siwx?.getRequired?.() ?? false
  if (!required) {
    closeModal(portico, { force: true })
    return
  }
  const current = portico.stores.network.getState().caipNetwork?.caipNetworkId
  const last = portico.stores.siwx
    .getState()
    .signedNetworks.filter((id) => id !== current)
    .at(-1)
  if (last) {
    await switchNetwork(portico, { caipNetworkId: last as CaipNetworkId })
    portico.stores.siwx.setState({ hasSession: true, status: 'signed' })
    closeModal(portico, { force: true })
    return
  }
  await disconnect(portico)
}
