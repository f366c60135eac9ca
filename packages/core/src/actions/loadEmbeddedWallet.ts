import { PorticoError } from '../errors/base.js'
import { errorMessage } from '../i18n/message.js'
import type { EmbeddedWalletClient, EmbeddedWalletEvent, FrameStartFailure } from '../embedded/types.js'
import type { Portico } from '../portico.js'
import type { ChainNamespace } from '../spec/caip.js'
import { reportError } from './internal/reportError.js'
import { clearAlert, setAlert } from './setAlert.js'
import { handleApprovalDone } from './internal/handleApprovalDone.js'
import { handleApprovalNeeded } from './internal/handleApprovalNeeded.js'
import { handleNotConnected } from './internal/handleNotConnected.js'
import { handleFactorScreenDone } from './internal/handleFactorScreenDone.js'
import { handleFactorScreenNeeded } from './internal/handleFactorScreenNeeded.js'

export type LoadEmbeddedWalletReturnType = Promise<EmbeddedWalletClient>
export type LoadEmbeddedWalletErrorType = PorticoError

/**
 * Loads the embedded wallet's frame client once, on first use: only when email or social login
 * is used, or was used before (ARCHITECTURE: not in the first load). Resolves once the frame
 * reported ready plus 500 ms (SPEC §4 'Embedded wallet frame').
 */
export function loadEmbeddedWallet(portico: Portico): Promise<EmbeddedWalletClient> {
  const loader = portico.options.embeddedWallet
  if (!loader) return Promise.reject(new PorticoError(errorMessage('emailLoginDependency'), { details: 'no embeddedWallet option' }))
  const { embedded } = portico.stores
  // Issue 28 'Retry': a frame that could not start is given up (one still waiting for the user's
  // storage-access click too) and a new one loads.
  const failed = embedded.getState().frameFailure
  if (failed) {
    failed.storageAccess?.destroy()
    portico.embeddedWalletClient = undefined
    embedded.setState({ frameFailure: undefined })
    if (portico.stores.project.getState().alert?.code === 'APKT003') clearAlert(portico)
  }
  if (!portico.embeddedWalletClient) {
    const loading: Promise<EmbeddedWalletClient> = start(portico).catch((cause) => {
      // Only this load's own state: a Retry may have started another one meanwhile.
      if (portico.embeddedWalletClient === loading) {
        portico.embeddedWalletClient = undefined
        embedded.setState({ frameStatus: 'failed', frameFailure: embedded.getState().frameFailure ?? { reason: 'unreachable' } })
      }
      throw cause instanceof PorticoError ? cause : new PorticoError(errorMessage('emailLoginDependency'), { cause })
    })
    portico.embeddedWalletClient = loading
  }
  return untilStartFails(portico, portico.embeddedWalletClient)
}

/**
 * The load, or its failure as soon as the frame says it cannot start: a frame waiting for the
 * user's storage-access click may still become ready, but the email login in progress stops now
 * (the field is usable again, the failure shown with Retry).
 */
function untilStartFails(portico: Portico, loading: Promise<EmbeddedWalletClient>): Promise<EmbeddedWalletClient> {
  const { embedded } = portico.stores
  let stop = () => {}
  const failure = new Promise<never>((_, reject) => {
    const check = (state: { frameFailure: FrameStartFailure | undefined }) => {
      if (state.frameFailure)
        reject(new PorticoError(errorMessage('emailLoginDependency'), { details: `the wallet frame cannot start (${state.frameFailure.reason})` }))
    }
    stop = embedded.subscribe(check)
    check(embedded.getState())
  })
  return Promise.race([loading, failure]).finally(() => stop())
}

async function start(portico: Portico): Promise<EmbeddedWalletClient> {
  const { embedded, network, theme } = portico.stores
  const { options } = portico
  const caipNetwork = network.getState().caipNetwork ?? options.defaultNetwork
  const evm = caipNetwork.chainNamespace === 'eip155' ? caipNetwork : options.networks.find((n) => n.chainNamespace === 'eip155')
  embedded.setState({ frameStatus: 'loading' })
  const client = await options.embeddedWallet!.load({
    locale: options.locale,
    themeMode: theme.getState().themeMode,
    projectId: options.projectId ?? '',
    chainId: (evm ?? caipNetwork).id,
    version: options.sdkVersion,
    enableLogger: Boolean(options.debug),
    rpcUrl: (evm ?? caipNetwork).rpcUrls.default.http[0] ?? '',
    chains: frameChains(portico),
    onError(kind, error) {
      // SPEC §8: a frame that does not load is APKT003, a request that times out APKT004.
      reportError(portico, error, kind)
      setAlert(portico, kind === 'iframe_load_failed' ? 'APKT003' : 'APKT004', error.message)
    },
    onStartFailed(failure) {
      // Issue 28: a frame that cannot start is APKT003 at once (SPEC §8 'Network Error: Wallet Load Failed'), with why.
      const error = new Error(`The wallet frame cannot start: ${failure.reason}`)
      reportError(portico, error, 'iframe_load_failed')
      setAlert(portico, 'APKT003', error.message)
      embedded.setState({ frameStatus: 'failed', frameFailure: failure })
    },
  })
  // Ready, perhaps after the user allowed storage on the frame's own button.
  if (embedded.getState().frameFailure) {
    embedded.setState({ frameFailure: undefined })
    if (portico.stores.project.getState().alert?.code === 'APKT003') clearAlert(portico)
  }
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

/**
 * The host's networks (CAIP-2) per chain family it has an adapter for: the embedded wallet serves
 * a family's account (its Solana wallet) only on these.
 */
function frameChains(portico: Portico): Partial<Record<ChainNamespace, string[]>> {
  const chains: Partial<Record<ChainNamespace, string[]>> = {}
  for (const network of portico.options.networks)
    if (portico.adapters.has(network.chainNamespace)) (chains[network.chainNamespace] ??= []).push(network.caipNetworkId)
  return chains
}
