import { sameConnectorId } from '../connectors.js'

/** The connector id the embedded wallet is listed, stored and reconnected under. */
export const AUTH_CONNECTOR_ID = 'portico-auth'

export function isAuthConnector(connectorId: string | undefined): boolean {
  return connectorId !== undefined && sameConnectorId(connectorId, AUTH_CONNECTOR_ID)
}
