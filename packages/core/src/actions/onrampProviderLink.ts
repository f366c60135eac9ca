import type { Portico } from '../portico.js'
import type { OnrampProvider } from '../stores/onramp.js'
import { getAccount } from '../stores/account.js'
import { chainFamily } from '../spec/families/index.js'

export type OnrampProviderLinkReturnType = string
export type OnrampProviderLinkErrorType = never

/**
 * SPEC §7 'Onramp provider link': the provider's URL plus publicKey, destinationCurrencyCode
 * (the family's onramp currency: SOL on Solana, otherwise USDC), walletAddress and externalCustomerId (the project id).
 */
export function onrampProviderLink(portico: Portico, provider: OnrampProvider): string {
  const { caipNetwork } = portico.stores.network.getState()
  const url = new URL(provider.url)
  url.searchParams.set('publicKey', provider.publicKey ?? '')
  url.searchParams.set('destinationCurrencyCode', chainFamily(caipNetwork?.chainNamespace)?.onrampCurrency ?? 'USDC')
  url.searchParams.set('walletAddress', getAccount(portico).address ?? '')
  url.searchParams.set('externalCustomerId', portico.options.projectId ?? '')
  const amount = portico.stores.onramp.getState().paymentAmount
  if (amount) url.searchParams.set('amount', amount)
  return url.toString()
}
