import type { CaipNetworkId } from '../spec/caip.js'
import { parseCaipNetworkId } from '../spec/caip.js'
import { PorticoError } from '../errors/base.js'
import { alertMessage } from '../i18n/message.js'
import type { Portico } from '../portico.js'
import { push } from '../router.js'

export interface SwitchActiveChainParameters {
  /** The network of the chain family the user wants; it becomes the active network. */
  caipNetworkId: CaipNetworkId
}

export type SwitchActiveChainErrorType = PorticoError

export type SwitchActiveChainReturnType = void

/**
 * The SwitchActiveChain view's answer, for a network whose chain family has no wallet while
 * another family has: the wallet list opens with that family's wallets only. The active family
 * and its account stay until a wallet connects (then that family becomes the active one, on
 * this network); the other family's connection stays, so both are connected at once.
 */
export function switchActiveChain(portico: Portico, { caipNetworkId }: SwitchActiveChainParameters) {
  if (!portico.options.networks.some((n) => n.caipNetworkId === caipNetworkId))
    throw new PorticoError(alertMessage('APKT001'), { alertCode: 'APKT001', details: `${caipNetworkId} is not configured` })
  const { namespace } = parseCaipNetworkId(caipNetworkId)
  push(portico.stores.router, 'ConnectWallets', { namespace, caipNetworkId })
}
