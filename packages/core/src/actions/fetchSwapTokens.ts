import type { Portico } from '../portico.js'
import { getSwapTokensFromApi, type SwapTokenList } from '../api/swap.js'

export interface FetchSwapTokensParameters {
  /** CAIP-2 chain id. */
  chainId: string
}
export type FetchSwapTokensReturnType = Promise<SwapTokenList>
/** The server's refusal ('Network not supported for Swaps') or a failed call; a failure is not kept. */
export type FetchSwapTokensErrorType = Error

// Token lists change rarely: one read per chain for the life of the page, as the closest products keep them.
const lists = new WeakMap<Portico, Map<string, Promise<SwapTokenList>>>()

/** A chain's swap tokens with the server's popular and suggested ones (GET v1/convert/tokens), cached per chain. */
export function fetchSwapTokens(portico: Portico, { chainId }: FetchSwapTokensParameters): FetchSwapTokensReturnType {
  let byChain = lists.get(portico)
  if (!byChain) lists.set(portico, (byChain = new Map()))
  const known = byChain.get(chainId)
  if (known) return known
  const read = getSwapTokensFromApi(portico, chainId)
  byChain.set(chainId, read)
  read.catch(() => byChain.delete(chainId))
  return read
}
