/**
 * A part of SPEC §8's error catalogue (spec/catalogue.ts, whose ErrorText includes every text here):
 * the connection errors and the few other texts that the errors a page's first load can raise carry.
 * Kept apart so that a host page loads these texts only, and the rest of the catalogue with the code
 * that shows it. The first load's error classes name their keys (`error.<name>`) by hand, without a
 * helper, for the same reason; a test holds their texts to the catalogue.
 */
export const ConnectionErrorText = {
  // Connection errors
  connectionRejected: 'Connection rejected',
  noConnectorForConnection: (id: string) => `No connector found for connection: ${id}`,
  invalidConnectionStatus: (status: string) => `Invalid connection status: ${status}`,
  namespaceNotConfigured: 'Namespace is not configured. Please call connect() first',
  // Other messages raised by the first load's errors
  switchNetworkFailed: 'Failed to switch network',
  actionNotAllowed: 'Action not allowed',
  rpcCallNotAllowed: 'Requested RPC call is not allowed',
} as const
