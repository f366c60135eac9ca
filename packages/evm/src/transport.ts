import { RpcPolicy, type CaipNetwork, type RpcHost } from '@portico/core'
import type { Transport } from 'viem'

/**
 * SPEC §7 'A chain-specific RPC host is used for a known list of chains': the EVM chains of
 * Portico's listed network sets and the local devnet's two. Their reads go to the project's
 * Portico server first (when apiUrl is set), then to the chain's own endpoints. A server that
 * does not serve one of them answers 404 at once, and the chain's own endpoint answers instead.
 */
export const RPC_HOST_CHAIN_IDS: ReadonlySet<number> = new Set([1, 10, 56, 100, 137, 250, 324, 8217, 8453, 42161, 43114, 1313161554, 11155111, 31337, 31338])

/** `{rpc}/v1/?chainId={id}&projectId={projectId}` for a chain of the known list; undefined otherwise. */
export function rpcHostUrl(caipNetwork: CaipNetwork, rpcHost: RpcHost | undefined): string | undefined {
  const { apiUrl, projectId } = rpcHost ?? {}
  if (!apiUrl || !projectId || caipNetwork.chainNamespace !== 'eip155' || !RPC_HOST_CHAIN_IDS.has(Number(caipNetwork.id))) return undefined
  const url = new URL('v1/', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`)
  url.search = new URLSearchParams({ chainId: caipNetwork.caipNetworkId, projectId }).toString()
  return url.toString()
}

/**
 * SPEC §7 'RPC': JSON-RPC POSTs to the network's endpoints — each with a 10 s timeout, 3 retries 150 ms
 * apart with exponential backoff (viem's), calls made in the same tick sent as one batch of up to 1000 —
 * and fallback across the endpoints in order: the chain-specific RPC host first (rpcHostUrl), then
 * the host's. viem loads on demand (not in a host page's first load).
 */
export async function chainTransport(caipNetwork: CaipNetwork, rpcHost?: RpcHost): Promise<Transport> {
  const { fallback, http } = await import('viem')
  const hosted = rpcHostUrl(caipNetwork, rpcHost)
  const urls = [...(hosted ? [hosted] : []), ...caipNetwork.rpcUrls.default.http]
  const one = (url: string) =>
    http(url, { batch: { batchSize: RpcPolicy.batchSize }, retryCount: RpcPolicy.retryCount, retryDelay: RpcPolicy.retryDelayMs, timeout: RpcPolicy.timeoutMs })
  return urls.length > 1 ? fallback(urls.map(one)) : one(urls[0]!)
}
