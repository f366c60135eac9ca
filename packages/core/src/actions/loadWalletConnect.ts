import { PorticoError } from '../errors/base.js'
import { errorMessage } from '../i18n/message.js'
import type { Portico } from '../portico.js'
import type { WalletConnectClient } from '../walletconnectClient.js'

export type LoadWalletConnectReturnType = Promise<WalletConnectClient>
export type LoadWalletConnectErrorType = PorticoError

/** Loads the WalletConnect client once, on first use (it is not in the first load). */
export function loadWalletConnect(portico: Portico): Promise<WalletConnectClient> {
  const loader = portico.options.walletConnect
  if (!loader || !portico.options.enableWalletConnect) return Promise.reject(new PorticoError(errorMessage('walletConnectConnectorNotFound')))
  const { projectId, metadata } = portico.options
  portico.walletConnectClient ??= loader.load({ projectId, metadata }).then(
    // The phone redirect rule loads with the client, not in the host page's first load.
    (client) => {
      void import('../walletconnect/redirect.js').then((m) => m.redirectToWalletOnRequest(portico, client))
      // SPEC §7: the client id goes with every API call from now on.
      void client
        .clientId?.()
        .then((clientId) => clientId && portico.stores.project.setState({ clientId }))
        .catch(() => undefined)
      return client
    },
    (error) => {
      portico.walletConnectClient = undefined
      throw error
    },
  )
  return portico.walletConnectClient
}
