import type { PorticoError } from '../errors/base.js'
import { sameConnectorId } from '../connectors.js'
import type { Portico } from '../portico.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../walletconnectClient.js'
import { connectExternal, type ConnectExternalErrorType, type ConnectExternalParameters } from './connectExternal.js'
import { connectWalletConnect } from './connectWalletConnect.js'
import { TermsNotAcceptedError } from '../errors/flow.js'
import { getConnectLayout } from './getConnectLayout.js'

/** The connector clicked; `namespace` or `caipNetworkId` when the list was opened for one chain family. */
export type SelectConnectorParameters = Pick<ConnectExternalParameters, 'connectorId' | 'namespace' | 'caipNetworkId'>
export type SelectConnectorReturnType = void
/** A WalletConnect pairing fails with a PorticoError (closed, expired, declined). */
export type SelectConnectorErrorType = TermsNotAcceptedError | ConnectExternalErrorType | PorticoError

/**
 * The Connect view's click: WalletConnect pairs by QR; any other connector is a browser wallet
 * (of one chain family only when the list was opened for it, by SwitchActiveChain). With the legal
 * checkbox on and not ticked, nothing connects (SPEC §6).
 */
export function selectConnector(portico: Portico, parameters: SelectConnectorParameters): Promise<SelectConnectorReturnType>
/** @deprecated use `selectConnector(portico, { connectorId, namespace, caipNetworkId })` */
export function selectConnector(
  portico: Portico,
  connectorId: string,
  only?: Pick<SelectConnectorParameters, 'namespace' | 'caipNetworkId'>,
): Promise<SelectConnectorReturnType>
export function selectConnector(
  portico: Portico,
  parameters: SelectConnectorParameters | string,
  only?: Pick<SelectConnectorParameters, 'namespace' | 'caipNetworkId'>,
): Promise<SelectConnectorReturnType> {
  const { connectorId, ...rest } = typeof parameters === 'object' ? parameters : { connectorId: parameters, ...only }
  if (getConnectLayout(portico).walletsLocked) return Promise.reject(new TermsNotAcceptedError())
  if (sameConnectorId(connectorId, WALLET_CONNECT_CONNECTOR_ID)) return connectWalletConnect(portico)
  return connectExternal(portico, { connectorId, ...rest })
}
