import { isAllowedRpcMethod } from '@portico/embedded/protocol'
import { UnsupportedProviderMethodError } from '../errors/rpc.js'
import type { FrameSession } from '../session.js'
import type { KeyFamilies } from '../../keys.js'
import { bip122 } from './bip122.js'
import { namespaceOf, type FrameFamily } from './context.js'
import { eip155 } from './eip155.js'
import { solana } from './solana.js'

/**
 * The chain families the frame serves, by CAIP-2 namespace: one file each (rpc/<namespace>.ts: its RPC handlers
 * and network names; its key derivation in ../../families/<namespace>.ts). A new family adds its files, and its
 * import and line here.
 */
export const families: Partial<Record<string, FrameFamily>> = {
  eip155,
  solana,
  bip122,
}

/** The keys the wallet derives: one per family (main.ts hands them to the wallet). */
export const keyFamilies: KeyFamilies = Object.fromEntries(Object.entries(families).map(([namespace, family]) => [namespace, family!.keys]))

/** RPC_REQUEST's payload, as the protocol parsed it. */
export type RpcRequest = { method: string; params?: unknown; chainId?: number | string; chainNamespace?: string }

/** SPEC §6: a method off the protocol's list is refused; the rest go to the family of the request's namespace. */
export async function handleRpc(session: FrameSession, request: RpcRequest): Promise<unknown> {
  const { method, params } = request
  if (!isAllowedRpcMethod(method)) throw new UnsupportedProviderMethodError()
  const chainId = request.chainId ?? session.chainId
  const namespace = request.chainNamespace ?? namespaceOf(chainId)
  const family = Object.hasOwn(families, namespace) ? families[namespace] : undefined
  if (!family) throw new UnsupportedProviderMethodError({ message: `The embedded wallet does not serve ${namespace.slice(0, 40)} chains` })
  return family.rpc(session, { method, params: Array.isArray(params) ? params : params === undefined ? [] : [params], chainId })
}
