import type { Portico } from '../portico.js'
import type { OnrampProvider } from '../stores/onramp.js'
import { onrampProviderLink } from './onrampProviderLink.js'

export type SelectOnrampProviderReturnType = string
export type SelectOnrampProviderErrorType = never

export function selectOnrampProvider(portico: Portico, provider: OnrampProvider): string {
  portico.stores.onramp.setState({ selectedProvider: provider })
  return onrampProviderLink(portico, provider)
}
