import { formatUnits } from 'viem'
import { ChainUnavailableError, type TokenBalance } from '../chain/balances.js'
import { tokenIconUrl } from '../chain/icons.js'
import type { PriceSource } from '../chain/priceSource.js'
import type { ServerContext } from '../context.js'
import { Refusal } from '../refusals.js'
import { bitcoinAssets } from './assets.js'
import { AddressInfo, esploraFor, type AddressInfo as Info } from './esplora.js'
import { isAddressOn } from './networks.js'
import { BITCOIN_WORDS } from './words.js'

/** An address's satoshis: confirmed (chain_stats funded − spent) and the mempool's change to it (may be negative). */
export function addressBalance(info: Info): { confirmed: bigint; pending: bigint } {
  const { chain_stats: chain, mempool_stats: mempool } = info
  return { confirmed: chain.funded_txo_sum - chain.spent_txo_sum, pending: mempool.funded_txo_sum - mempool.spent_txo_sum }
}

/**
 * BTC held by `address` on a bip122 chain, read from its Esplora API. `quantity` counts the
 * mempool (what the address's UTXOs, confirmed or not, add up to, as /address/:a/utxo lists them
 * for a send); `pending` is the mempool's part of it, so confirmed = quantity − pending.
 * An address of another network is refused (400); throws ChainUnavailableError when the API fails.
 */
export async function readBitcoinBalances(ctx: ServerContext, prices: PriceSource, chainId: string, address: string): Promise<TokenBalance[]> {
  const esplora = esploraFor(ctx.config, chainId)
  if (!esplora) throw new ChainUnavailableError(`No Esplora API configured for ${chainId}`)
  if (!isAddressOn(chainId, address)) throw Refusal.invalidAddress(chainId, { words: BITCOIN_WORDS })
  let balance: { confirmed: bigint; pending: bigint }
  try {
    balance = addressBalance(await esplora.json(`/address/${address}`, AddressInfo))
  } catch (error) {
    ctx.log(`balance read failed on ${chainId}`, error instanceof Error ? error.message : error)
    throw new ChainUnavailableError(`The ${chainId} Esplora API is unavailable`)
  }
  const { native } = bitcoinAssets(ctx.config, chainId)
  const price = (await prices.price({ chainId, symbol: native.symbol }, 'usd')) ?? 0
  const numeric = formatUnits(balance.confirmed + balance.pending, native.decimals)
  return [
    {
      name: native.name,
      symbol: native.symbol,
      chainId,
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(native.decimals), numeric },
      pending: { numeric: formatUnits(balance.pending, native.decimals) },
      iconUrl: tokenIconUrl(ctx.config.publicUrl, native.symbol),
    },
  ]
}
