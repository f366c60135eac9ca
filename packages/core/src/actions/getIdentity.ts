import * as v from 'valibot'
import type { HttpRequestError } from '../api/http.js'
import { IdentitySchema } from '../api/schemas.js'
import type { Portico } from '../portico.js'

export type Identity = v.InferOutput<typeof IdentitySchema>

export interface GetIdentityParameters {
  address: string
  /** The chain the name service is asked on. */
  caipNetworkId?: string | undefined
}
export type GetIdentityReturnType = Identity | undefined
export type GetIdentityErrorType = HttpRequestError | v.ValiError<typeof IdentitySchema>

/** An address's name and avatar from the Portico server, cached 5 min (SPEC §9 'identity'). */
export async function getIdentity(portico: Portico, parameters: GetIdentityParameters): Promise<GetIdentityReturnType>
/** @deprecated use `getIdentity(portico, { address, caipNetworkId })` */
export async function getIdentity(portico: Portico, address: string, caipNetworkId?: string): Promise<GetIdentityReturnType>
export async function getIdentity(portico: Portico, parameters: GetIdentityParameters | string, chainId?: string): Promise<GetIdentityReturnType> {
  const { address, caipNetworkId } = typeof parameters === 'string' ? { address: parameters, caipNetworkId: chainId } : parameters
  if (!portico.api) return undefined
  const cacheId = address.toLowerCase()
  const cached = portico.cache.get<Identity>('identity', cacheId)
  if (cached) return cached
  const identity = v.parse(IdentitySchema, await portico.api.get({ path: `v1/identity/${address}`, query: { chainId: caipNetworkId } }))
  portico.cache.set('identity', cacheId, identity)
  return identity
}
