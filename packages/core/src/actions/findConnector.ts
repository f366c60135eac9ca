import { sameConnectorId, type Connector } from '../connectors.js'
import type { Portico } from '../portico.js'

export interface FindConnectorParameters {
  /** A connector id or a wallet rdns. */
  connectorId: string
}
export type FindConnectorReturnType = Connector | undefined
export type FindConnectorErrorType = never

export function findConnector(portico: Portico, parameters: FindConnectorParameters): FindConnectorReturnType
/** @deprecated use `findConnector(portico, { connectorId })` */
export function findConnector(portico: Portico, connectorId: string): FindConnectorReturnType
export function findConnector(portico: Portico, parameters: FindConnectorParameters | string): FindConnectorReturnType {
  const { connectorId } = typeof parameters === 'object' ? parameters : { connectorId: parameters }
  const all = portico.stores.connections.getState().connectors
  return all.find((c) => sameConnectorId(c.id, connectorId) || (c.info?.rdns && sameConnectorId(c.info.rdns, connectorId)))
}
