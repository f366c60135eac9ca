import * as v from 'valibot'
import { filterTransactions } from '../activity/transactions.js'
import { HistoryResponseSchema, type Transaction } from '../api/schemas.js'
import { track } from './internal/track.js'
import { reportError } from './internal/reportError.js'
import { PorticoError } from '../errors/base.js'
import { errorMessage, keyOf } from '../i18n/message.js'
import type { Portico } from '../portico.js'
import { initialTransactionsState } from '../stores/activity.js'
import { getAccount } from '../stores/account.js'
import { showSnack } from './showSnack.js'
import { ChainFamilies } from '../spec/families/index.js'

/** The chain families whose history the Portico server indexes (their records' `activity`). */
export const ActivityNamespaces: readonly string[] = /* @__PURE__ */ Object.values(ChainFamilies)
  .filter((family) => family.activity)
  .map((family) => family.namespace)

export interface FetchTransactionsParameters {
  /** Start again from the first page (pull to refresh, or a new account or network). */
  reset?: boolean
}

export type FetchTransactionsReturnType = void
export type FetchTransactionsErrorType = PorticoError

/**
 * SPEC §4 'Transactions list': reads the next cursor page of the active account's history on
 * the active network (SPEC §1 names eip155; the Portico server indexes Solana transfers too). Pages are cached 15 s (SPEC §9).
 * SPEC §5: only the active network's transactions are kept and spam-only ones are dropped.
 * SPEC §8: a failure shows 'Failed to fetch transactions', is tracked, and marks the list empty.
 */
export async function fetchTransactions(portico: Portico, { reset = false }: FetchTransactionsParameters = {}) {
  const { transactions: store, network, project } = portico.stores
  const { caipNetwork, activeNamespace } = network.getState()
  const { address } = getAccount(portico, activeNamespace)
  if (!portico.api || !address || !caipNetwork || !ActivityNamespaces.includes(caipNetwork.chainNamespace)) return
  if (!project.getState().remoteFeatures.activity) return

  const owner = `${caipNetwork.caipNetworkId}:${address.toLowerCase()}`
  if (reset || store.getState().owner !== owner) store.setState({ ...initialTransactionsState, owner })
  const state = store.getState()
  if (state.loading || state.next === null) return
  const cursor = state.next

  store.setState({ loading: true, error: undefined })
  try {
    const cacheId = `${owner}:${cursor ?? ''}`
    let page = portico.cache.get<{ data: Transaction[]; next: string | null }>('transactions', cacheId)
    if (!page) {
      const json = await portico.api.get({
        path: `v1/account/${address}/history`,
        query: { chainId: caipNetwork.caipNetworkId, cursor },
      })
      page = v.parse(HistoryResponseSchema, json)
      portico.cache.set('transactions', cacheId, page)
    }
    // The account or network may have changed while the page was in flight.
    if (store.getState().owner !== owner) return
    const seen = new Set(store.getState().transactions.map((t) => t.id))
    const kept = filterTransactions(page.data, caipNetwork.caipNetworkId).filter((t) => !seen.has(t.id))
    const transactions = [...store.getState().transactions, ...kept]
    store.setState({ transactions, next: page.next, loading: false, empty: transactions.length === 0 && page.next === null })
  } catch (cause) {
    if (store.getState().owner !== owner) return
    const error = new PorticoError(errorMessage('failedToFetchTransactions'), { cause, category: 'API_ERROR' })
    portico.logger.error('transactions fetch failed', cause)
    store.setState({ transactions: [], next: null, loading: false, error: keyOf(error), empty: true })
    showSnack(portico, { message: keyOf(error), variant: 'error' })
    track(portico, 'ERROR_FETCH_TRANSACTIONS', { message: error.details ?? error.shortMessage })
    reportError(portico, error, 'API_ERROR')
  }
}
