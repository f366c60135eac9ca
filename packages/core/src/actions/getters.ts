import type { ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { emptyAccountState, type AccountState } from '../stores/account.js'

/** Read-only views of the stores that several actions need. */
export function getAccount(portico: Portico, namespace?: ChainNamespace): AccountState {
  const ns = namespace ?? portico.stores.network.getState().activeNamespace
  return portico.stores.account.getState().byNamespace[ns] ?? emptyAccountState
}

export function isConnected(portico: Portico, namespace?: ChainNamespace): boolean {
  return Boolean(getAccount(portico, namespace).address)
}

export function getActiveConnectorId(portico: Portico, namespace?: ChainNamespace): string | undefined {
  const ns = namespace ?? portico.stores.network.getState().activeNamespace
  return portico.stores.connections.getState().activeConnectorIds[ns]
}

export function setAccount(portico: Portico, namespace: ChainNamespace, patch: Partial<AccountState>) {
  const { byNamespace } = portico.stores.account.getState()
  portico.stores.account.setState({
    byNamespace: { ...byNamespace, [namespace]: { ...(byNamespace[namespace] ?? emptyAccountState), ...patch } },
  })
}
