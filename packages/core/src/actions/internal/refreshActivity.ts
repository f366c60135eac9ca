import { Time } from '../../spec/defaults.js'
import type { Portico } from '../../portico.js'
import { fetchTransactions } from '../fetchTransactions.js'

export interface RefreshActivityParameters {
  /** The transaction just confirmed: the list is read again until the server's index has it. */
  hash: string
  /** How many reads at most, one per second (SPEC §9 poll interval); 10 by default. */
  attempts?: number
}

/**
 * After a confirmed send, the Activity list starts again from its first page, not the cached
 * one (SPEC §9 caches history 15 s). The server indexes the chain a moment after confirmation,
 * so until the page holds the transaction it is read again every second, a few times.
 */
export async function refreshActivity(portico: Portico, { hash, attempts = 10 }: RefreshActivityParameters): Promise<boolean> {
  let owner: string | undefined
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise<void>((resolve) => portico.clock.setTimeout(resolve, Time.pollIntervalMs))
    portico.cache.clear('transactions')
    await fetchTransactions(portico, { reset: true })
    const state = portico.stores.transactions.getState()
    owner ??= state.owner
    // Another account or network is shown now, or the list failed: stop.
    if (state.owner !== owner || state.error) return false
    if (state.transactions.some((t) => t.id === hash || t.id.endsWith(`:${hash}`))) return true
  }
  return false
}
