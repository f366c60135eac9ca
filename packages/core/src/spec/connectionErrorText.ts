/**
 * A part of SPEC §8's error catalogue (spec/catalogue.ts, whose ErrorText includes every text here):
 * the connection errors and the few other texts that the errors a page's first load can raise carry.
 * Kept apart so that a host page loads these texts only, and the rest of the catalogue with the code
 * that shows it.
 */
export const ConnectionErrorText = {
  // Connection errors
  modalClosed: 'Modal closed',
  connectionRejected: 'Connection rejected',
  failedToConnect: 'Failed to connect',
  popupClosed: 'Popup closed',
  failedToConnectFarcaster: 'Failed to connect to farcaster',
  failedToInitiateSocial: 'Failed to initiate social connection',
  noConnectorForConnection: (id: string) => `No connector found for connection: ${id}`,
  invalidConnectionStatus: (status: string) => `Invalid connection status: ${status}`,
  failedToDisconnect: 'Failed to disconnect',
  connectorUnsupportedChains: 'The connector does not support any of the requested chains',
  walletConnectConnectorNotFound: 'WalletConnectConnector not found',
  namespaceNotConfigured: 'Namespace is not configured. Please call connect() first',
  // Other messages raised by the first load's errors
  switchNetworkFailed: 'Failed to switch network',
  actionNotAllowed: 'Action not allowed',
  rpcCallNotAllowed: 'Requested RPC call is not allowed',
  unknownError: 'Unknown error',
} as const
