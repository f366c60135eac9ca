import * as v from 'valibot'
import { HttpRequestError } from '../api/http.js'
import { isValidName } from '../spec/names.js'
import { Time } from '../spec/defaults.js'
import { PorticoError } from '../errors/base.js'
import { ErrorText } from '../spec/catalogue.js'
import type { Portico } from '../portico.js'
import { push, replace } from '../router.js'
import { evmChainIdToCoinType } from '../send/validateSend.js'
import { getAccount, getActiveConnectorId, setAccount } from './getters.js'

/** SPEC §5 'Name registration' texts. */
export const NameText = {
  networkNotFound: 'Network not found',
  addressOrConnectorNotFound: 'Address or auth connector not found',
  invalidName: 'Use at least 4 letters, digits or hyphens',
} as const

const SuggestionsSchema = v.object({ suggestions: v.array(v.object({ name: v.string(), registered: v.boolean() })) })

/** The full name for a label: the name service appends its suffix (SPEC §9). */
export function fullName(portico: Portico, label: string): string {
  const suffix = portico.options.nameSuffix ?? '.portico.id'
  const clean = label.trim().toLowerCase()
  return clean.endsWith(suffix) ? clean : `${clean}${suffix}`
}

/**
 * Whether to offer RegisterAccountName from Account: SPEC §1 'Names support eip155 only', a name
 * service (the server) is configured, and the connected account has no name yet.
 */
export function canRegisterName(portico: Portico): boolean {
  const { caipNetwork } = portico.stores.network.getState()
  if (!portico.api || caipNetwork?.chainNamespace !== 'eip155') return false
  const { address, profileName } = getAccount(portico, 'eip155')
  return Boolean(address) && !profileName
}

/** Suggestions as the user types (after the default 500 ms debounce), with availability. */
export function suggestNames(portico: Portico, input: string) {
  const { names } = portico.stores
  names.setState({ input, error: undefined })
  const pending = portico.timers.get('nameSuggestions')
  if (pending !== undefined) portico.clock.clearTimeout(pending)
  const label = input.trim().toLowerCase().replace(portico.options.nameSuffix ?? '.portico.id', '')
  if (!portico.api || !isValidName(label)) {
    names.setState({ suggestions: [], suggestionsLoading: false, error: label && !isValidName(label) ? NameText.invalidName : undefined })
    return
  }
  names.setState({ suggestionsLoading: true })
  portico.timers.set(
    'nameSuggestions',
    portico.clock.setTimeout(async () => {
      portico.timers.delete('nameSuggestions')
      try {
        const json = await portico.api!.get({ path: `v1/profile/suggestions/${encodeURIComponent(label)}` })
        if (names.getState().input !== input) return
        names.setState({ suggestions: v.parse(SuggestionsSchema, json).suggestions, suggestionsLoading: false })
      } catch (error) {
        const reason = error instanceof HttpRequestError ? error.reason : undefined
        names.setState({ suggestionsLoading: false, suggestions: [], error: reason ?? ErrorText.errorFetchingNameSuggestions })
      }
    }, Time.defaultDebounceMs),
  )
}

/**
 * SPEC §4 'Name registration': sign a JSON message holding the name, an empty attributes
 * object and a unix timestamp; register with the coin type derived from the EVM chain id;
 * on success store the name and show RegisterAccountNameSuccess; on error return to
 * RegisterAccountName (with the server's first reason, else 'Error registering name {name}').
 */
export async function registerName(portico: Portico, label: string) {
  const { names, router, network } = portico.stores
  const { caipNetwork } = network.getState()
  if (!caipNetwork) throw new PorticoError(NameText.networkNotFound)
  const { address } = getAccount(portico, caipNetwork.chainNamespace)
  const connectorId = getActiveConnectorId(portico, caipNetwork.chainNamespace)
  const adapter = portico.adapters.get(caipNetwork.chainNamespace)
  if (!address || !connectorId || !adapter?.signMessage) throw new PorticoError(NameText.addressOrConnectorNotFound)
  const name = fullName(portico, label)
  if (!isValidName(name.split('.')[0]!)) {
    names.setState({ error: NameText.invalidName })
    throw new PorticoError(NameText.invalidName)
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
    const text = reason ?? ErrorText.errorRegisteringName(name)
    names.setState({ loading: false, error: text })
    if (router.getState().view !== 'RegisterAccountName') push(router, 'RegisterAccountName')
    throw new PorticoError(text, { cause, category: 'API_ERROR' })
  }
}
