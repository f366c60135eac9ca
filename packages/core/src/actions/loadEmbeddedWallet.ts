import { PorticoError } from '../errors/base.js'
import { ErrorText } from '../spec/catalogue.js'
import type { EmbeddedWalletClient, EmbeddedWalletEvent } from '../embedded/client.js'
import type { Portico } from '../portico.js'
import { reportError } from '../analytics/reportError.js'
import { setAlert } from './setAlert.js'
import { handleApprovalDone } from './handleApprovalDone.js'
import { handleApprovalNeeded } from './handleApprovalNeeded.js'
import { handleNotConnected } from './handleNotConnected.js'
import { handleFactorScreenDone } from './handleFactorScreenDone.js'
import { handleFactorScreenNeeded } from './handleFactorScreenNeeded.js'

/**
 * Loads the embedded wallet's frame client once, on first use: only when email or social login
 * is used, or was used before (ARCHITECTURE: not in the first load). Resolves once the frame
 * reported ready plus 500 ms (SPEC §4 'Embedded wallet frame').
 */
export function loadEmbeddedWallet(portico: Portico): Promise<EmbeddedWalletClient> {
  const loader = portico.options.embeddedWallet
  if (!loader) return Promise.reject(new PorticoError(ErrorText.emailLoginDependency, { details: 'no embeddedWallet option' }))
  portico.embeddedWalletClient ??= start(portico).catch((cause) => {
    portico.embeddedWalletClient = undefined
    portico.stores.embedded.setState({ frameStatus: 'failed' })
    throw cause instanceof PorticoError ? cause : new PorticoError(ErrorText.emailLoginDependency, { cause })
  })
  return portico.embeddedWalletClient
}

async function start(portico: Portico): Promise<EmbeddedWalletClient> {
  const { embedded, network, theme } = portico.stores
  const { options } = portico
  const caipNetwork = network.getState().caipNetwork ?? options.defaultNetwork
  const evm = caipNetwork.chainNamespace === 'eip155' ? caipNetwork : options.networks.find((n) => n.chainNamespace === 'eip155')
  embedded.setState({ frameStatus: 'loading' })
  const client = await options.embeddedWallet!.load({
    projectId: options.projectId ?? '',
    chainId: (evm ?? caipNetwork).id,
    version: options.sdkVersion,
    enableLogger: Boolean(options.debug),
    rpcUrl: (evm ?? caipNetwork).rpcUrls.default.http[0] ?? '',
    // Only when the host can use a Solana account: a Solana adapter and networks.
    solanaChains: portico.adapters.has('solana') ? options.networks.filter((n) => n.chainNamespace === 'solana').map((n) => n.caipNetworkId) : [],
    onError(kind, error) {
      // SPEC §8: a frame that does not load is APKT003, a request that times out APKT004.
      reportError(portico, error, kind)
      setAlert(portico, kind === 'iframe_load_failed' ? 'APKT003' : 'APKT004', error.message)
    },
  })
  embedded.setState({ frameStatus: 'ready' })
  const stop = client.onEvent((event) => onFrameEvent(portico, client, event))
  portico.cleanups.push(() => {
    stop()
    client.destroy()
    portico.embeddedWalletClient = undefined
  })
  portico.auth = {
    reload: () => client.reload(),
    syncTheme: (themeMode) => client.syncTheme(themeMode),
  }
  // SPEC §4 'Theme' and §3 'Dapp metadata sent to the wallet': the frame draws in the host's mode.
  void client.syncTheme(theme.getState().themeMode).catch((error) => portico.logger.debug('theme sync failed', error))
  // Issue 19 'Languages': the frame's approval and factor screens speak the modal's language (its locale is fixed per instance).
  void client.syncLocale(options.locale).catch((error) => portico.logger.debug('locale sync failed', error))
  void client
    .syncDappData({ projectId: options.projectId ?? '', sdkType: options.sdkType, sdkVersion: options.sdkVersion, metadata: options.metadata })
    .catch((error) => portico.logger.debug('dapp data sync failed', error))
  return client
}

function onFrameEvent(portico: Portico, client: EmbeddedWalletClient, event: EmbeddedWalletEvent) {
  if (event.type === 'approvalNeeded') handleApprovalNeeded(portico, event.method)
  else if (event.type === 'approvalDone') handleApprovalDone(portico, client)
  else if (event.type === 'factorScreenNeeded') handleFactorScreenNeeded(portico, event.purpose)
  else if (event.type === 'factorScreenDone') handleFactorScreenDone(portico, client)
  else handleNotConnected(portico)
}
