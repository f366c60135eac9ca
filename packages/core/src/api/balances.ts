import * as v from 'valibot'
import type { CaipNetwork } from '../networks.js'
import type { PorticoCache } from '../cache.js'
import type { HttpClient } from './http.js'
import { BalanceResponseSchema, type Balances } from './schemas.js'

/** The part of a Portico instance this read uses (typed apart, so that api/ stays below portico.ts). */
interface WithServer {
  readonly api: HttpClient | undefined
  readonly cache: PorticoCache
}

/**
 * Balances from the Portico server (loaded on demand: a page pays for it when it shows one). The
 * server caches balances too (SPEC §9 portfolio lifetime, dropped when its indexer sees a transfer,
 * which may be a block behind). A forced read — fetchBalance({ force }) after the user's own send,
 * the only read made while this portfolio is still in the client's cache — asks it for the chain
 * as it is now (Cache-Control: no-cache).
 */
export async function fromServer(portico: WithServer, address: string, caipNetwork: CaipNetwork): Promise<Balances> {
  const forced = portico.cache.get('portfolio', `${caipNetwork.caipNetworkId}:${address.toLowerCase()}`) !== undefined
  const json = await portico.api!.get({
    path: `v1/account/${address}/balance`,
    query: { chainId: caipNetwork.caipNetworkId, currency: 'usd' },
    ...(forced ? { headers: { 'cache-control': 'no-cache' } } : {}),
  })
  const { balances } = v.parse(BalanceResponseSchema, json)
  const native = balances.find((b) => !b.address)
  return {
    native: {
      balance: native?.quantity.numeric ?? '0',
      symbol: native?.symbol ?? caipNetwork.nativeCurrency.symbol,
    },
    // SPEC §5: tokens with decimals equal to 0 are dropped as low quality.
    tokens: balances.filter((b) => b.quantity.decimals !== '0'),
  }
}
