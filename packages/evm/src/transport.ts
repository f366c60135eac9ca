import { RpcPolicy, type CaipNetwork } from '@portico/core'
import type { Transport } from 'viem'

/**
 * SPEC §7 'RPC': JSON-RPC POSTs to the network's endpoints — each with a 10 s timeout, 3 retries 150 ms
 * apart with exponential backoff (viem's), calls made in the same tick sent as one batch of up to 1000 —
 * and fallback across the endpoints in the host's order when the network lists more than one.
 * viem loads on demand (not in a host page's first load).
 */
export async function chainTransport(caipNetwork: CaipNetwork): Promise<Transport> {
  const { fallback, http } = await import('viem')
  const urls = caipNetwork.rpcUrls.default.http
  const one = (url: string) =>
    http(url, { batch: { batchSize: RpcPolicy.batchSize }, retryCount: RpcPolicy.retryCount, retryDelay: RpcPolicy.retryDelayMs, timeout: RpcPolicy.timeoutMs })
  return urls.length > 1 ? fallback(urls.map(one)) : one(urls[0]!)
}
