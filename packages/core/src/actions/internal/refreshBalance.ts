import type { ChainNamespace } from '../../spec/caip.js'
import type { Portico } from '../../portico.js'

/**
 * fetchBalance for the wallet events of the page's first load (reconnect, accountsChanged,
 * chainChanged): its code, with the server client and the snack, loads on first use instead of
 * with the page.
 */
export function refreshBalance(portico: Portico, namespace?: ChainNamespace) {
  import('../fetchBalance.js')
    .then(({ fetchBalance }) => fetchBalance(portico, namespace))
    .catch((error) => portico.logger.error('balance fetch failed', error))
}
