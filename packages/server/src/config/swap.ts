import { z } from 'zod'
import { caip2, hexAddress, httpUrl, positiveInt, secret } from './fields.js'

const uniswapV2 = z.strictObject({
  kind: z.literal('uniswap-v2'),
  router: hexAddress(),
  factory: hexAddress(),
  weth: hexAddress(),
  tokens: z.array(
    z.strictObject({ address: hexAddress(), name: z.string(), symbol: z.string(), decimals: z.number().int().min(0), logoUri: z.string().optional() }),
  ),
})

const aggregator = z.strictObject({
  kind: z.literal('aggregator'),
  baseUrl: httpUrl(),
  apiKey: secret(z.string().min(1).optional()),
  timeoutMs: positiveInt().optional(),
})

export const swapShape = {
  swap: z
    .record(caip2(), z.discriminatedUnion('kind', [uniswapV2, aggregator]))
    .optional()
    .describe(
      "Swaps per chain: {kind: 'uniswap-v2', router, factory, weth, tokens} or {kind: 'aggregator', baseUrl, apiKey, timeoutMs} (a 1inch-compatible API). None: no swaps.",
    ),
}
