import * as v from 'valibot'
import { WalletsResponseSchema } from '../api/schemas.js'
import { Limits } from '../spec/defaults.js'
import { errorKeyOf } from '../errors/display.js'
import type { Portico } from '../portico.js'
import { filterWallets, type WalletListItem } from '../spec/walletList.js'

function listContext(portico: Portico) {
  return {
    excludeWalletIds: portico.options.excludeWalletIds,
    isMobile: portico.environment.isMobile(),
    installedRdns: portico.stores.connections.getState().connectors.flatMap((c) => (c.info?.rdns ? [c.info.rdns] : [])),
  }
}

function query(portico: Portico) {
  return {
    include: portico.options.includeWalletIds?.join(',') || undefined,
    exclude: portico.options.excludeWalletIds?.join(',') || undefined,
    chains: [...new Set(portico.options.networks.map((n) => n.caipNetworkId))].join(','),
  }
}

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
    const json = await portico.api.get({ path: 'getWallets', query: { page, entries: Limits.walletPageSize, ...query(portico) } })
    const { count, data } = v.parse(WalletsResponseSchema, json)
    const custom: WalletListItem[] = page === 1 ? (portico.options.customWallets ?? []) : []
    const known = new Set(wallets.getState().wallets.map((w) => w.id))
    const fresh = filterWallets([...custom, ...data], listContext(portico)).filter((w) => !known.has(w.id))
    wallets.setState({ wallets: [...wallets.getState().wallets, ...fresh], count, page, loading: false })
  } catch (error) {
    wallets.setState({ loading: false, error: errorKeyOf(error) })
  }
}

/** SPEC §9: wallet search asks for 100 entries, 300 ms after the user stops typing. */
export function searchWallets(portico: Portico, text: string) {
  const { wallets } = portico.stores
  const queryText = text.trim()
  const pending = portico.timers.get('walletSearch')
  if (pending !== undefined) portico.clock.clearTimeout(pending)
  if (!queryText) {
    wallets.setState({ search: { query: '', results: [], loading: false } })
    return
  }
  wallets.setState({ search: { ...wallets.getState().search, query: queryText, loading: true } })
  portico.timers.set(
    'walletSearch',
    portico.clock.setTimeout(async () => {
      portico.timers.delete('walletSearch')
      try {
        const json = await portico.api!.get({
          path: 'getWallets',
          query: { page: 1, entries: Limits.walletSearchSize, search: queryText, ...query(portico) },
        })
        const { data } = v.parse(WalletsResponseSchema, json)
        if (wallets.getState().search.query !== queryText) return
        wallets.setState({ search: { query: queryText, results: filterWallets(data, listContext(portico)), loading: false } })
      } catch (error) {
        wallets.setState({ search: { query: queryText, results: [], loading: false }, error: errorKeyOf(error) })
      }
    }, Limits.walletSearchWaitMs),
  )
}
