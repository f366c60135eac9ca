// Loaded on demand with the rest of the chain code (@solana/kit).
import { retry, RpcPolicy, systemClock, type AdapterBalance, type CaipNetwork } from '@portico/core'
import { address, createDefaultRpcTransport, createSolanaRpcFromTransport, type createSolanaRpc } from '@solana/kit'
import type { RpcCommitment } from './commitment.js'

/** A network and the commitment the adapter reads and confirms at. */
export interface ChainContext {
  caipNetwork: CaipNetwork
  commitment: RpcCommitment
}

export type SolanaRpc = ReturnType<typeof createSolanaRpc>

/**
 * The network's JSON-RPC, with SPEC §7's policy: a failed request is tried again 3 times, 150 ms
 * apart with exponential backoff (SPEC §9's retry helper). Only failures another try can fix
 * are retried: no answer, HTTP 429 or 5xx; a JSON-RPC error in an answer is the answer.
 */
export function rpcOf(caipNetwork: CaipNetwork): SolanaRpc {
  const transport = createDefaultRpcTransport({ url: caipNetwork.rpcUrls.default.http[0]! })
  const retrying = ((config: Parameters<typeof transport>[0]) =>
    retry({
      run: () => transport(config),
      intervalMs: RpcPolicy.retryDelayMs,
      backoff: 2,
      maxTries: RpcPolicy.retryCount + 1,
      clock: systemClock,
      shouldRetry: (error) => !config.signal?.aborted && transient(error),
    })) as typeof transport
  return createSolanaRpcFromTransport(retrying)
}

/** A failed request another try can fix: no answer at all, or HTTP 429 or 5xx. */
function transient(error: unknown): boolean {
  const status = (error as { context?: { statusCode?: unknown } } | undefined)?.context?.statusCode
  if (typeof status === 'number') return status === 429 || status >= 500
  return error instanceof TypeError
}

/** SOL in lamports, at the configured commitment. */
export async function getSolBalance({ caipNetwork, commitment }: ChainContext, owner: string): Promise<AdapterBalance> {
  const { value } = await rpcOf(caipNetwork).getBalance(address(owner), { commitment }).send()
  return { value: value.toString(), decimals: caipNetwork.nativeCurrency.decimals, symbol: caipNetwork.nativeCurrency.symbol }
}
