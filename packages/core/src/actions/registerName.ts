import { externalMessage, nameMessage, errorMessage, keyOf } from '../i18n/message.js'
import { HttpRequestError } from '../api/http.js'
import { isValidName } from '../spec/names.js'
import { PorticoError } from '../errors/base.js'
import type { Portico } from '../portico.js'
import { push, replace } from '../router.js'
import { evmChainIdToCoinType } from '../send/validateSend.js'
import { getAccount, setAccount } from '../stores/account.js'
import { fullName } from '../selectors/nameSelectors.js'
import { getActiveConnectorId } from '../stores/connections.js'

/** The label typed (the suffix is appended), or a full name. */
export interface RegisterNameParameters {
  label: string
}
export type RegisterNameReturnType = void
/** SPEC §5's texts, or the server's first reason (key 'error.external') / 'Error registering name {name}' (API_ERROR); `names.error` keeps the same key and params. */
export type RegisterNameErrorType = PorticoError

/**
 * SPEC §4 'Name registration': sign a JSON message holding the name, an empty attributes
 * object and a unix timestamp; register with the coin type derived from the EVM chain id;
 * on success store the name and show RegisterAccountNameSuccess; on error return to
 * RegisterAccountName (with the server's first reason, else 'Error registering name {name}').
 */
export async function registerName(portico: Portico, parameters: RegisterNameParameters): Promise<RegisterNameReturnType>
/** @deprecated use `registerName(portico, { label })` */
export async function registerName(portico: Portico, label: string): Promise<RegisterNameReturnType>
export async function registerName(portico: Portico, parameters: RegisterNameParameters | string): Promise<RegisterNameReturnType> {
  const { label } = typeof parameters === 'object' ? parameters : { label: parameters }
  const { names, router, network } = portico.stores
  const { caipNetwork } = network.getState()
  if (!caipNetwork) throw new PorticoError(nameMessage('networkNotFound'))
  const { address } = getAccount(portico, caipNetwork.chainNamespace)
  const connectorId = getActiveConnectorId(portico, caipNetwork.chainNamespace)
  const adapter = portico.adapters.get(caipNetwork.chainNamespace)
  if (!address || !connectorId || !adapter?.signMessage) throw new PorticoError(nameMessage('addressOrConnectorNotFound'))
  const name = fullName(portico, label)
  if (!isValidName(name.split('.')[0]!)) {
    const invalid = nameMessage('invalidName')
    names.setState({ error: keyOf(invalid) })
    throw new PorticoError(invalid)
  }

  names.setState({ loading: true, error: undefined })
  try {
    const coinType = evmChainIdToCoinType(Number(caipNetwork.id))
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(portico.clock.now() / 1000) })
    const signature = await adapter.signMessage({ connectorId, address, message })
    await portico.api!.post({ path: 'v1/profile/account', body: { coinType, address, message, signature } })
    names.setState({ loading: false, registeredName: name })
    setAccount(portico, caipNetwork.chainNamespace, { profileName: name })
    portico.cache.clear('identity')
    replace(router, 'RegisterAccountNameSuccess')
  } catch (cause) {
    const reason = cause instanceof HttpRequestError ? cause.reason : undefined
    const message = reason ? externalMessage(reason) : errorMessage('errorRegisteringName', name)
    names.setState({ loading: false, error: keyOf(message) })
    if (router.getState().view !== 'RegisterAccountName') push(router, 'RegisterAccountName')
    throw new PorticoError(message, { cause, category: 'API_ERROR' })
  }
}
