import type { Portico } from '../../portico.js'
import { PorticoError } from '../../errors/base.js'
import { formatSiwxMessage } from '../../spec/siwx.js'
import { SiwxText } from '../../siwx/config.js'
import { siwxMessage } from '../../i18n/message.js'
import { track } from './track.js'
import { addNetwork } from '../../siwx/addNetwork.js'
import { disconnect } from '../disconnect.js'
import { hideSnack } from '../hideSnack.js'
import { showSnack } from '../showSnack.js'
import type { WalletConnectAuth, WalletConnectAuthRequest } from '../../walletconnectClient.js'

/**
 * SPEC §4 'A universal-provider sign-in works only when all chains are eip155': the one-click
 * sign-in request for a WalletConnect pairing, or undefined (no sign-in configured, a host SIWX
 * without createAuthRequest, a non-eip155 network, or no nonce): the wallet then connects and
 * the normal sign-in follows.
 */
export async function authRequestFor(portico: Portico): Promise<WalletConnectAuthRequest | undefined> {
  const { siwx } = portico
  const networks = portico.options.networks
  if (!siwx?.createAuthRequest || !networks.length || networks.some((n) => n.chainNamespace !== 'eip155')) return undefined
  // The active network first: the wallet signs for the first chain it supports.
  const active = portico.stores.network.getState().caipNetwork?.caipNetworkId
  const chains = networks.map((n) => n.caipNetworkId).sort((a, b) => Number(b === active) - Number(a === active))
  try {
    return { ...(await siwx.createAuthRequest({ chainIds: chains })), chains }
  } catch (error) {
    portico.logger.debug('one-click auth unavailable; connect, then sign', error)
    return undefined
  }
}

/**
 * The wallet signed the sign-in with its approval: shows 'Authenticating...' while the signed
 * message is checked against the request and stored through the host's SIWX config (the server
 * verifies it). Any failure disconnects, says 'Error signing message' and throws.
 */
export async function completeAuthentication(portico: Portico, auth: WalletConnectAuth, request: WalletConnectAuthRequest) {
  const { siwx } = portico
  const store = portico.stores.siwx
  store.setState({ status: 'signing', error: undefined })
  showSnack(portico, { message: siwxMessage('authenticating'), variant: 'loading' })
  try {
    if (!siwx) throw new Error(SiwxText.notEnabled)
    const problem = mismatch(auth, request)
    if (problem) throw new Error(`The signed sign-in does not answer the request: ${problem}`)
    await siwx.addSession({ data: auth.data, message: auth.message, signature: auth.signature, cacao: auth.cacao })
    store.setState({ status: 'signed', hasSession: true, signedNetworks: addNetwork(store.getState().signedNetworks, auth.data.chainId) })
    hideSnack(portico)
    track(portico, 'SIWX_AUTH_SUCCESS', { network: auth.data.chainId })
  } catch (cause) {
    portico.logger.error('one-click sign-in failed', cause)
    store.setState({ status: 'error', error: { key: 'siwxText.errorSigning' } })
    track(portico, 'SIWX_AUTH_ERROR', { network: auth.data.chainId })
    await disconnect(portico).catch(() => undefined)
    showSnack(portico, { message: siwxMessage('errorSigning'), variant: 'error' })
    throw new PorticoError(siwxMessage('errorSigning'), { cause })
  }
}

/** Why the signed message is not the one asked for (the server checks the signature, domain and nonce again). */
function mismatch({ data, message }: WalletConnectAuth, request: WalletConnectAuthRequest): string | undefined {
  if (formatSiwxMessage(data) !== message) return 'the text is not the message its data describes'
  if (data.nonce !== request.nonce) return 'another nonce'
  if (data.domain !== request.domain || data.uri !== request.uri) return 'another domain'
  if (!request.chains.includes(data.chainId)) return `chain ${data.chainId} was not requested`
  return undefined
}
