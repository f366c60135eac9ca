import { clearLoginCache } from '../../embedded/loginCache.js'
import type { Portico } from '../../portico.js'

/** Disconnect's first step: the login cache goes before anything is awaited. */
export function clearLoginCacheNow(portico: Portico) {
  clearLoginCache(portico.storage)
}
