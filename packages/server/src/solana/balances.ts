import { formatUnits } from 'viem'
import { solanaAssets } from '../chain/assets.js'
import { ChainUnavailableError, type TokenBalance } from '../chain/balances.js'
import { tokenIconUrl } from '../chain/icons.js'
import type { PriceSource } from '../chain/priceSource.js'
import type { ServerContext } from '../context.js'
import { TOKEN_PROGRAMS } from './programs.js'
import { BalanceAnswer, TokenAccountsAnswer } from './rpc.js'

/**
 * SOL and the configured SPL mints (Token and Token-2022) that `owner` holds on a solana chain,
 * read from the chain at 'confirmed' (SPEC §5's default commitment). A mint held in several
 * token accounts is summed; configured mints with a zero balance are left out, as ERC20s are.
 * Throws ChainUnavailableError when the RPC fails.
 */
export async function readSolanaBalances(ctx: ServerContext, prices: PriceSource, chainId: string, owner: string): Promise<TokenBalance[]> {
  const rpc = ctx.solanaRpc(chainId)
  if (!rpc) throw new ChainUnavailableError(`No RPC configured for ${chainId}`)
  const { native, tokens } = solanaAssets(ctx.config, chainId)
  let lamports: bigint
  const held = new Map<string, bigint>()
  try {
    const [balance, ...accounts] = await Promise.all([
      rpc.call('getBalance', [owner, { commitment: 'confirmed' }], BalanceAnswer),
      ...TOKEN_PROGRAMS.map((programId) =>
        rpc.call('getTokenAccountsByOwner', [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }], TokenAccountsAnswer),
      ),
    ])
    lamports = balance.value
    for (const { value } of accounts)
      for (const { account } of value) {
        const { mint, tokenAmount } = account.data.parsed.info
        held.set(mint, (held.get(mint) ?? 0n) + BigInt(tokenAmount.amount))
      }
  } catch (error) {
    ctx.log(`balance read failed on ${chainId}`, error instanceof Error ? error.message : error)
    throw new ChainUnavailableError(`The ${chainId} RPC is unavailable`)
  }
  const publicUrl = ctx.config.publicUrl
  const entry = async (meta: { name: string; symbol: string; decimals: number }, raw: bigint, mint?: string): Promise<TokenBalance> => {
    const price = (await prices.price({ chainId, address: mint, symbol: meta.symbol }, 'usd')) ?? 0
    const numeric = formatUnits(raw, meta.decimals)
    return {
      name: meta.name,
      symbol: meta.symbol,
      chainId,
      ...(mint ? { address: `${chainId}:${mint}` } : {}),
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(meta.decimals), numeric },
      iconUrl: tokenIconUrl(publicUrl, meta.symbol),
    }
  }
  const balances = [await entry(native, lamports)]
  for (const token of tokens) {
    const raw = held.get(token.address) ?? 0n
    if (raw > 0n) balances.push(await entry(token, raw, token.address))
  }
  return balances
}
