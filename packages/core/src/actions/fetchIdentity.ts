import * as v from 'valibot'
import { IdentitySchema } from '../api/schemas.js'
import type { ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { getAccount, setAccount } from '../stores/account.js'

export type Identity = v.InferOutput<typeof IdentitySchema>

/** An address's name and avatar from the Portico server, cached 5 min (SPEC §9 'identity'). */
export async function getIdentity(portico: Portico, address: string, caipNetworkId?: string): Promise<Identity | undefined> {
  if (!portico.api) return undefined
  const cacheId = address.toLowerCase()
  const cached = portico.cache.get<Identity>('identity', cacheId)
  if (cached) return cached
  const identity = v.parse(IdentitySchema, await portico.api.get({ path: `v1/identity/${address}`, query: { chainId: caipNetworkId } }))
  portico.cache.set('identity', cacheId, identity)
  return identity
}

/** SPEC §3 'Account state': fills profileName and profileImage of the connected account. */
export async function fetchIdentity(portico: Portico, namespace?: ChainNamespace) {
  const ns = namespace ?? portico.stores.network.getState().activeNamespace
  const { address } = getAccount(portico, ns)
  if (!address) return
  try {
    const identity = await getIdentity(portico, address, portico.stores.network.getState().caipNetwork?.caipNetworkId)
    if (!identity || getAccount(portico, ns).address !== address) return
    setAccount(portico, ns, { profileName: identity.name ?? undefined, profileImage: identity.avatar ?? undefined })
  } catch (error) {
    // An account without an identity is shown by its address.
    portico.logger.debug('identity lookup failed', error)
  }
}
