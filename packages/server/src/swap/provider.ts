import { ErrorText } from '@portico/core/spec'
import { HttpError } from '../http/errors.js'

/** A token that can be swapped on a chain; address is CAIP-10 (the native token as its placeholder). */
export interface SwapToken {
  address: string
  name: string
  symbol: string
  decimals: number
  logoUri?: string
}

/** An EVM transaction for the user's wallet to send. */
export interface SwapTransaction {
  from: `0x${string}`
  to: `0x${string}`
  data: `0x${string}`
  /** Wei, decimal string. */
  value: string
  gas?: string
  gasPrice?: string
}

export interface SwapQuote {
  /** Base units, decimal strings. */
  fromAmount: string
  toAmount: string
  /** The tokens the swap goes through, CAIP-10, when the provider says. */
  route?: string[]
  /** Percent the price moves against the user beyond the pools' fees, when known. */
  priceImpact?: number
  /** Gas units the swap itself is expected to use (not an approval), decimal string, when known. */
  gas?: string
}

/** Token addresses here are the chain's own (0x…), the native token as the eip155 placeholder. */
export interface SwapProvider {
  /** Named in logs and the OpenAPI description ('uniswap-v2', 'aggregator'). */
  readonly kind: string
  tokens(): Promise<SwapToken[]>
  quote(parameters: { from: string; to: string; amount: bigint }): Promise<SwapQuote>
  allowance(parameters: { token: string; owner: `0x${string}` }): Promise<bigint>
  buildApprove(parameters: { token: string; owner: `0x${string}`; amount: bigint }): Promise<SwapTransaction>
  buildSwap(parameters: { from: string; to: string; amount: bigint; user: `0x${string}`; slippagePercent: number }): Promise<SwapTransaction>
}

/** Per CAIP-2 chain (ServerConfig.swap): which provider quotes and builds its swaps. */
export type SwapProviderConfig =
  | {
      kind: 'uniswap-v2'
      router: `0x${string}`
      factory: `0x${string}`
      weth: `0x${string}`
      /** The ERC20 tokens offered besides the native one. */
      tokens: { address: `0x${string}`; name: string; symbol: string; decimals: number; logoUri?: string }[]
    }
  | {
      /** A 1inch-compatible aggregator API (swap v6 paths), what a production host points at. */
      kind: 'aggregator'
      /** e.g. https://aggregator.example/swap/v6.0 ; the chain id is appended. */
      baseUrl: string
      apiKey?: string
      timeoutMs?: number
    }

/** 400: the chain has no swap provider on this server (SPEC §8 text). */
export const networkUnsupported = () => new HttpError(400, ErrorText.swapsNetworkUnsupported)
/** 400: a token the provider does not offer, or two tokens without a route. */
export const tokenUnsupported = (details?: string) => new HttpError(400, 'Token not supported for Swaps on this network', { details })
export const noRoute = () => new HttpError(400, 'No swap route between these tokens')
/** 400: the pools cannot quote this amount (beyond what their math takes). */
export const noQuote = (cause?: unknown) => new HttpError(400, 'The pools cannot quote this amount', { cause })
/** 502: the provider or the chain did not answer as expected (never a hang: every call has a timeout). */
export const upstreamFailed = (details: string, cause?: unknown) => new HttpError(502, 'The swap provider did not answer', { details, cause })
