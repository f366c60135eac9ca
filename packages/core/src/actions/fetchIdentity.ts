import type { ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { getAccount, setAccount } from '../stores/account.js'
import { getIdentity } from './getIdentity.js'

export interface FetchIdentityParameters {
  /** The chain family whose account it is; the active one by default. */
  namespace?: ChainNamespace | undefined
}
export type FetchIdentityReturnType = void
/** Never throws: an account without an identity is shown by its address. */
export type FetchIdentityErrorType = never

/** SPEC §3 'Account state': fills profileName and profileImage of the connected account. */
export async function fetchIdentity(portico: Portico, parameters?: FetchIdentityParameters): Promise<FetchIdentityReturnType>
/** @deprecated use `fetchIdentity(portico, { namespace })` */
export async function fetchIdentity(portico: Portico, namespace?: ChainNamespace): Promise<FetchIdentityReturnType>
export async function fetchIdentity(portico: Portico, parameters: FetchIdentityParameters | ChainNamespace = {}): Promise<FetchIdentityReturnType> {
  const ns = (typeof parameters === 'string' ? parameters : parameters.namespace) ?? portico.stores.network.getState().activeNamespace
  const { address } = getAccount(portico, ns)
  if (!address) return
  try {
    const identity = await getIdentity(portico, { address, caipNetworkId: portico.stores.network.getState().caipNetwork?.caipNetworkId })
    if (!identity || getAccount(portico, ns).address !== address) return
    setAccount(portico, ns, { profileName: identity.name ?? undefined, profileImage: identity.avatar ?? undefined })
  } catch (error) {
    // An account without an identity is shown by its address.
    portico.logger.debug('identity lookup failed', error)
  }
}
