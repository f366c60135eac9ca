import type { KeyFamily } from '../../keys.js'
import type { ApprovalContent } from '../approval.js'
import { networkLabel, type FamilyNetworks } from '../approvalNetworks.js'
import { getNodeError } from '../errors/node.js'
import { ChainDisconnectedError } from '../errors/rpc.js'
import type { FrameSession } from '../session.js'
import type { Unlocked } from '../wallet.js'

/** What a family's handlers act with: the chain, its RPC URL, the keys of the account that acts, the approval screen. */
export interface RpcContext {
  chainId: number | string
  rpcUrlFor(chainId: number | string): string | undefined
  /** The family's networks, that the approval screen names chains by. */
  networks: FamilyNetworks
  keys(): Unlocked | undefined
  /** Shows the approval screen; resolves whether the user approved (rejects with UserRejectedRequestError on RPC_ABORT). */
  approve(request: ApprovalContent, method: string): Promise<boolean>
}

/** One RPC request, as the dispatcher (rpc/index.ts) hands it to its chain family. */
export interface FamilyRequest {
  method: string
  params: unknown[]
  /** The chain it is for: the request's, else the session's. */
  chainId: number | string
}

/** A chain family's RPC handler. */
export type RpcFamily = (session: FrameSession, request: FamilyRequest) => Promise<unknown>

/**
 * What the frame knows of a chain family: one file per CAIP-2 namespace (rpc/eip155.ts, rpc/solana.ts), its key
 * derivation beside (../../families/<namespace>.ts), registered by one line in rpc/index.ts.
 */
export interface FrameFamily {
  /** Its RPC handlers. */
  rpc: RpcFamily
  /** Its key and address from the wallet's seed. */
  keys: KeyFamily
  /** Its network names on the approval screen. */
  networks: FamilyNetworks
}

/** The CAIP-2 namespace of a chain id (a bare number or hex is eip155). */
export function namespaceOf(chainId: number | string): string {
  const text = String(chainId)
  return text.includes(':') ? text.slice(0, text.indexOf(':')) : 'eip155'
}

/** The context of a request that acts with the wallet's own keys. */
export function contextOf(session: FrameSession, chainId: number | string, networks: FamilyNetworks): RpcContext {
  return { chainId, rpcUrlFor: session.rpcUrlFor, networks, keys: () => session.wallet.keys, approve: session.approvals.approve }
}

/** The chain's RPC URL, or 4901: the frame reads no chain it has no endpoint for. */
export function rpcUrlOf(ctx: Pick<RpcContext, 'rpcUrlFor'>, chainId: number | string): string {
  const url = ctx.rpcUrlFor(chainId)
  if (!url) throw new ChainDisconnectedError({ message: `No RPC endpoint for chain ${chainId}` })
  return url
}

/** The approval screen's network name: the family's own (approvalNetworks.ts), never the host's. */
export const networkOf = (ctx: Pick<RpcContext, 'rpcUrlFor' | 'networks'>, chainId: number | string | bigint) =>
  networkLabel(chainId, ctx.networks, (caip) => ctx.rpcUrlFor(caip) !== undefined)

let rpcId = 1
/** One JSON-RPC call to a node; its refusal becomes a typed error here, once (errors/node.ts). */
export async function jsonRpc(url: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params: params ?? [] }),
    credentials: 'omit',
  })
  const json = (await response.json()) as { result?: unknown; error?: { message: string; code: number; data?: unknown } }
  if (json.error) throw getNodeError(json.error)
  return json.result
}
