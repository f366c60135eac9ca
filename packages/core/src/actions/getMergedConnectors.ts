import type { Connector } from '../connectors.js'
import { mergeConnectors } from '../connectorList.js'
import type { Portico } from '../portico.js'
import { connectorIds } from '../spec/images.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../walletconnectClient.js'
import { isBrowserWalletHidden } from '../spec/walletList.js'

export type GetMergedConnectorsReturnType = Connector[]

export type GetMergedConnectorsErrorType = never

/**
 * The merged list the Connect view shows (SPEC §3 'Connector' merge rule), with a WalletConnect
 * entry when the host configured it (its client loads only when chosen). SPEC §5: the injected
 * 'Browser Wallet' (a bare `window.ethereum`) only on a phone.
 */
export function getMergedConnectors(portico: Portico): Connector[] {
  const isMobile = portico.environment.isMobile()
  const merged = mergeConnectors(
    portico.stores.connections
      .getState()
      .connectors.filter((c) => c.id !== WALLET_CONNECT_CONNECTOR_ID && !isBrowserWalletHidden(c, isMobile))
      .map((c) => ({ ...connectorIds(c.id), ...c })),
  )
  if (!portico.options.walletConnect || !portico.options.enableWalletConnect) return merged
  return [
    {
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      chain: portico.stores.network.getState().activeNamespace,
      ...connectorIds(WALLET_CONNECT_CONNECTOR_ID),
    },
    ...merged,
  ]
}
