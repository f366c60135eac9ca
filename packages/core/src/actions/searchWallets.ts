import * as v from 'valibot'
import { WalletsResponseSchema } from '../api/schemas.js'
import { Limits } from '../spec/defaults.js'
import { errorKeyOf } from '../errors/display.js'
import type { Portico } from '../portico.js'
import { listContext, registryQuery } from '../walletconnect/registryQuery.js'
import { filterWallets } from '../spec/walletList.js'

export interface SearchWalletsParameters {
  /** What the user typed. */
  text: string
}
export type SearchWalletsReturnType = void
export type SearchWalletsErrorType = never

/** SPEC §9: wallet search asks for 100 entries, 300 ms after the user stops typing. */
export function searchWallets(portico: Portico, parameters: SearchWalletsParameters): SearchWalletsReturnType
/** @deprecated use `searchWallets(portico, { text })` */
export function searchWallets(portico: Portico, text: string): SearchWalletsReturnType
export function searchWallets(portico: Portico, parameters: SearchWalletsParameters | string): SearchWalletsReturnType {
  const { text } = typeof parameters === 'object' ? parameters : { text: parameters }
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
          query: { page: 1, entries: Limits.walletSearchSize, search: queryText, ...registryQuery(portico) },
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
