import type { Portico } from '../portico.js'
import { clearPairingExpiry } from '../walletconnect/pairingExpiry.js'
import { StorageKeys } from '../storage.js'
import { initialWalletConnectState } from '../stores/walletConnect.js'

export type ResetWcConnectionReturnType = void
export type ResetWcConnectionErrorType = never

/**
 * SPEC §4: reset clears URI, expiry, linking and recent wallet; it sets disconnected, clears
 * transactions and removes the stored deep link.
 */
export function resetWcConnection(portico: Portico) {
  clearPairingExpiry(portico)
  portico.pendingPairing = undefined
  portico.stores.walletConnect.setState(initialWalletConnectState)
  portico.stores.connections.setState({ status: 'disconnected' })
  portico.stores.router.setState({ transactionStack: [] })
  portico.storage.write(StorageKeys.deepLinkChoice, null)
}
