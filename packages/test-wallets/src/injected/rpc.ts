/** Minimal JSON-RPC over fetch: the wallet talks to chain RPCs without any viem transport. */
import { ErrorCode, ProviderRpcError } from './errors'

let nextId = 1

/**
 * Calls `method` on `rpcUrl`. JSON-RPC errors from the node are rethrown with
 * their original code/data (dapps rely on e.g. revert data). Network failures
 * become 4901 "chain disconnected" and are flagged with `isNetworkError`.
 */
export async function rpcRequest<T = unknown>(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
  fetchFn: typeof fetch = fetch,
  timeoutMs?: number,
): Promise<T> {
  let body: { result?: T; error?: { code: number; message: string; data?: unknown } }
  try {
    const res = await fetchFn(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
    })
    body = await res.json()
  } catch (err) {
    const e = new ProviderRpcError(ErrorCode.ChainDisconnected, `Could not reach ${rpcUrl}: ${(err as Error).message}`)
    ;(e as ProviderRpcError & { isNetworkError: boolean }).isNetworkError = true
    throw e
  }
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
  return body.result as T
}

export const isNetworkError = (err: unknown) => !!(err as { isNetworkError?: boolean })?.isNetworkError
