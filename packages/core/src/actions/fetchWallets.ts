import * as v from 'valibot'
import { WalletsResponseSchema } from '../api/schemas.js'
import { Limits } from '../spec/defaults.js'
import { errorKeyOf } from '../errors/display.js'
import type { Portico } from '../portico.js'
import { filterWallets, type WalletListItem } from '../spec/walletList.js'
import { listContext, registryQuery } from '../walletconnect/registryQuery.js'

export type FetchWalletsReturnType = void
export type FetchWalletsErrorType = never

/**
 * The next page of the wallet registry (SPEC §9: page size 40) for AllWallets' infinite
 * scroll. The host's custom wallets come first, then the registry, filtered by SPEC §5.
 */
export async function fetchWallets(portico: Portico) {
  const { wallets } = portico.stores
  const state = wallets.getState()
  if (!portico.api || state.loading || (state.page > 0 && state.wallets.length >= state.count)) return
  wallets.setState({ loading: true, error: undefined })
  try {
    const page = state.page + 1
    const json = await portico.api.get({ path: 'getWallets', query: { page, entries: Limits.walletPageSize, ...registryQuery(portico) } })
    const { count, data } = v.parse(WalletsResponseSchema, json)
    const custom: WalletListItem[] = page === 1 ? (portico.options.customWallets ?? []) : []
    const known = new Set(wallets.getState().wallets.map((w) => w.id))
    const fresh = filterWallets([...custom, ...data], listContext(portico)).filter((w) => !known.has(w.id))
    wallets.setState({ wallets: [...wallets.getState().wallets, ...fresh], count, page, loading: false })
  } catch (error) {
    wallets.setState({ loading: false, error: errorKeyOf(error) })
  }
}
