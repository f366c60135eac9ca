import { ErrorText } from '@portico/core/spec'
import { erc20Abi, formatUnits, getAddress } from 'viem'
import type { ServerContext } from '../context.js'
import { HttpError } from '../http/errors.js'
import { chainAssets } from './assets.js'
import { tokenIconUrl } from './icons.js'
import type { PriceSource } from './priceSource.js'

import type { TokenBalance } from './tokenBalance.js'

export type { TokenBalance } from './tokenBalance.js'

/** A chain's RPC could not answer: 502 with the spec's text; which chain and why go to `details`. */
export class ChainUnavailableError extends HttpError {
  constructor(details: string) {
    super(502, ErrorText.tokenBalanceUnavailable, { details })
  }
}

/**
 * Native and configured ERC20 balances of `address` on `chainId`, read from the chain (one call
 * per token: anvil has no multicall contract). ERC20s with a zero balance are left out.
 * Throws ChainUnavailableError when the RPC fails.
 */
export async function readBalances(ctx: ServerContext, prices: PriceSource, chainId: string, address: `0x${string}`): Promise<TokenBalance[]> {
  const client = ctx.evmClient(chainId)
  if (!client) throw new ChainUnavailableError(`No RPC configured for ${chainId}`)
  const { native, tokens } = chainAssets(ctx.config, chainId)
  let nativeRaw: bigint
  let tokenRaw: bigint[]
  try {
    ;[nativeRaw, tokenRaw] = await Promise.all([
      client.getBalance({ address }),
      Promise.all(tokens.map((t) => client.readContract({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] }))),
    ])
  } catch (error) {
    ctx.log(`balance read failed on ${chainId}`, error instanceof Error ? error.message.split('\n')[0] : error)
    throw new ChainUnavailableError(`The ${chainId} RPC is unavailable`)
  }
  const publicUrl = ctx.config.publicUrl
  const entry = async (meta: { name: string; symbol: string; decimals: number }, raw: bigint, contract?: `0x${string}`): Promise<TokenBalance> => {
    const price = (await prices.price({ chainId, address: contract, symbol: meta.symbol }, 'usd')) ?? 0
    const numeric = formatUnits(raw, meta.decimals)
    return {
      name: meta.name,
      symbol: meta.symbol,
      chainId,
      ...(contract ? { address: `${chainId}:${getAddress(contract)}` } : {}),
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(meta.decimals), numeric },
      iconUrl: tokenIconUrl(publicUrl, meta.symbol),
    }
  }
  const balances = [await entry(native, nativeRaw)]
  for (const [i, token] of tokens.entries()) if (tokenRaw[i]! > 0n) balances.push(await entry(token, tokenRaw[i]!, token.address))
  return balances
}
