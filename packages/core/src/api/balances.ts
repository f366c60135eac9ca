import * as v from 'valibot'
import type { CaipNetwork } from '../networks.js'
import type { Portico } from '../portico.js'
import { BalanceResponseSchema, type Balances } from './schemas.js'

/** Balances from the Portico server (loaded on demand: a page pays for it when it shows one). */
export async function fromServer(portico: Portico, address: string, caipNetwork: CaipNetwork): Promise<Balances> {
  const json = await portico.api!.get({
    path: `v1/account/${address}/balance`,
    query: { chainId: caipNetwork.caipNetworkId, currency: 'usd' },
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
