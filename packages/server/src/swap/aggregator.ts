import { NATIVE_TOKEN_PLACEHOLDERS, isNativePlaceholder } from '@portico/core/spec'
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { tokenUnsupported, upstreamFailed, type SwapProvider, type SwapProviderConfig, type SwapTransaction } from './provider.js'

type AggregatorConfig = Extract<SwapProviderConfig, { kind: 'aggregator' }>

const DEFAULT_TIMEOUT_MS = 8_000
const Hex = z.string().regex(/^0x[0-9a-fA-F]*$/)
const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const Uint = z.union([z.string().regex(/^\d{1,78}$/), z.number().int().nonnegative()]).transform(String)

// The aggregator's documented answers (1inch swap API v6), only the fields Portico reads.
const TokensAnswer = z.object({
  tokens: z.record(
    z.string(),
    z.object({
      address: Address,
      symbol: z.string().max(32),
      name: z.string().max(128),
      decimals: z.number().int().min(0).max(255),
      logoURI: z.string().max(2048).optional(),
    }),
  ),
})
const QuoteAnswer = z.object({ dstAmount: Uint, gas: Uint.optional() })
const AllowanceAnswer = z.object({ allowance: Uint })
const ApproveAnswer = z.object({ data: Hex, gasPrice: Uint.optional(), to: Address, value: Uint })
const SwapAnswer = z.object({
  dstAmount: Uint,
  tx: z.object({ from: Address, to: Address, data: Hex, value: Uint, gas: Uint.optional(), gasPrice: Uint.optional() }),
})

/**
 * A 1inch-compatible aggregator API (its swap v6 paths): what a production host points at for
 * real chains, with its base URL and key from the configuration. Every call has a timeout, and an
 * answer that does not match the documented shape is a 502, like a failed call.
 */
export function aggregatorProvider(options: { config: AggregatorConfig; chainId: number; caip2: string; fetch?: typeof fetch }): SwapProvider {
  const { config, chainId, caip2 } = options
  const fetcher = options.fetch ?? fetch
  const base = `${config.baseUrl.replace(/\/+$/, '')}/${chainId}`
  const tokenParam = (token: string) => {
    if (isNativePlaceholder(token)) return NATIVE_TOKEN_PLACEHOLDERS.eip155
    if (!isAddress(token, { strict: false })) throw tokenUnsupported(token)
    return getAddress(token)
  }

  async function get<T>(path: string, query: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = `${base}${path}?${new URLSearchParams(query)}`
    let response: Response
    try {
      response = await fetcher(url, {
        headers: { accept: 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
        signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        redirect: 'error',
      })
    } catch (cause) {
      throw upstreamFailed(`aggregator ${path} on ${caip2}: no answer`, cause)
    }
    const body = await response.json().catch(() => undefined)
    // A 400 from the aggregator is about the request (no liquidity, unknown token): the user's error.
    if (response.status === 400) throw tokenUnsupported(`aggregator ${path}: ${JSON.stringify(body)?.slice(0, 300)}`)
    if (!response.ok) throw upstreamFailed(`aggregator ${path} on ${caip2}: HTTP ${response.status}`)
    const parsed = schema.safeParse(body)
    if (!parsed.success) throw upstreamFailed(`aggregator ${path} on ${caip2}: unexpected answer`, parsed.error)
    return parsed.data
  }
  const transaction = (
    tx: { from?: string; to: string; data: string; value: string; gas?: string; gasPrice?: string },
    from: `0x${string}`,
  ): SwapTransaction => ({
    from,
    to: getAddress(tx.to),
    data: tx.data as `0x${string}`,
    value: tx.value,
    ...(tx.gas ? { gas: tx.gas } : {}),
    ...(tx.gasPrice ? { gasPrice: tx.gasPrice } : {}),
  })

  return {
    kind: 'aggregator',
    async tokens() {
      const { tokens } = await get('/tokens', {}, TokensAnswer)
      return Object.values(tokens).map((t) => ({
        address: `${caip2}:${isNativePlaceholder(t.address) ? NATIVE_TOKEN_PLACEHOLDERS.eip155 : getAddress(t.address)}`,
        name: t.name,
        symbol: t.symbol,
        decimals: t.decimals,
        ...(t.logoURI ? { logoUri: t.logoURI } : {}),
      }))
    },
    async quote({ from, to, amount }) {
      const { dstAmount, gas } = await get('/quote', { src: tokenParam(from), dst: tokenParam(to), amount: amount.toString(), includeGas: 'true' }, QuoteAnswer)
      return { fromAmount: amount.toString(), toAmount: dstAmount, ...(gas ? { gas } : {}) }
    },
    async allowance({ token, owner }) {
      if (isNativePlaceholder(token)) return 2n ** 256n - 1n
      const { allowance } = await get('/approve/allowance', { tokenAddress: tokenParam(token), walletAddress: owner }, AllowanceAnswer)
      return BigInt(allowance)
    },
    async buildApprove({ token, owner, amount }) {
      if (isNativePlaceholder(token)) throw tokenUnsupported('the native token needs no approval')
      const answer = await get('/approve/transaction', { tokenAddress: tokenParam(token), amount: amount.toString() }, ApproveAnswer)
      return transaction(answer, owner)
    },
    async buildSwap({ from, to, amount, user, slippagePercent }) {
      const answer = await get(
        '/swap',
        {
          src: tokenParam(from),
          dst: tokenParam(to),
          amount: amount.toString(),
          from: user,
          origin: user,
          slippage: String(slippagePercent),
          disableEstimate: 'true',
        },
        SwapAnswer,
      )
      return transaction(answer.tx, user)
    },
  }
}
