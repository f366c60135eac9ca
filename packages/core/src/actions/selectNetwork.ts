import type { PorticoError } from '../errors/base.js'
import type { SwitchNetworkError } from '../errors/connector.js'
import type { CaipNetworkId } from '../spec/caip.js'
import { parseCaipNetworkId } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { push, reset } from '../router.js'
import { goBack } from './goBack.js'
import { isConnected } from '../stores/account.js'
import { switchNetwork } from './switchNetwork.js'

export interface SelectNetworkParameters {
  /** The network picked. */
  caipNetworkId: CaipNetworkId
}
export type SelectNetworkReturnType = void
export type SelectNetworkErrorType = SwitchNetworkError | PorticoError

/**
 * The user picked a network in Networks (or retried in SwitchNetwork). Connected: the
 * SwitchNetwork view follows the wallet's switch and Account shows once it is done (a network
 * of another connected chain family makes that family active and shows its account). Not
 * connected: the choice is just remembered, or SwitchActiveChain when another family is connected.
 */
export async function selectNetwork(portico: Portico, parameters: SelectNetworkParameters): Promise<SelectNetworkReturnType>
/** @deprecated use `selectNetwork(portico, { caipNetworkId })` */
export async function selectNetwork(portico: Portico, caipNetworkId: CaipNetworkId): Promise<SelectNetworkReturnType>
export async function selectNetwork(portico: Portico, parameters: SelectNetworkParameters | CaipNetworkId): Promise<SelectNetworkReturnType> {
  const { caipNetworkId } = typeof parameters === 'object' ? parameters : { caipNetworkId: parameters }
  const { router, network } = portico.stores
  const { namespace } = parseCaipNetworkId(caipNetworkId)
  const current = network.getState().caipNetwork?.caipNetworkId
  // A network of another chain family that has no wallet yet, while this one has: SwitchActiveChain
  // explains it and offers to connect one (SPEC §2 views).
  if (namespace !== network.getState().activeNamespace && !isConnected(portico, namespace) && isConnected(portico)) {
    push(router, 'SwitchActiveChain', { caipNetworkId })
    return
  }
  if (!isConnected(portico, namespace)) {
    await switchNetwork(portico, { caipNetworkId })
    goBack(portico)
    return
  }
  if (current === caipNetworkId && !network.getState().unsupported) {
    goBack(portico)
    return
  }
  push(router, 'SwitchNetwork', { caipNetworkId })
  try {
    await switchNetwork(portico, { caipNetworkId })
  } catch {
    // The view shows network.switchError and offers a retry.
    portico.stores.modal.setState(({ shakeCount }) => ({ shakeCount: shakeCount + 1 }))
    return
  }
  reset(router, 'Account')
}
