import { emptyAccountState } from '@portico/core'
import { usePorticoStore } from '../context.js'

/** The active namespace's account (SPEC §3 'Account state') and the library connection status. */
export function usePorticoAccount() {
  const namespace = usePorticoStore('network', (s) => s.activeNamespace)
  const account = usePorticoStore('account', (s) => s.byNamespace[namespace] ?? emptyAccountState)
  const status = usePorticoStore('connections', (s) => s.status)
  return { ...account, namespace, isConnected: Boolean(account.address), connectionStatus: status }
}
