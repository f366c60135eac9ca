import { DefaultAccountTypes, type AccountType, type CaipNetworkId, type ChainNamespace } from '../spec/caip.js'
import { sameConnectorId } from '../connectors.js'
import { InvalidConnectionStatusError } from '../errors/connector.js'
import { PorticoError } from '../errors/base.js'
import { errorMessage } from '../i18n/message.js'
import type { Portico } from '../portico.js'
import { connectExternal } from './connectExternal.js'
import { findConnector } from './findConnector.js'
import { fetchBalance } from './fetchBalance.js'
import { getAccount, setAccount } from '../stores/account.js'
import { getActiveConnectorId } from '../stores/connections.js'
import { setConnection } from './internal/setConnection.js'
import { WalletConnection } from './getWalletConnections.js'

export interface SwitchConnectionParameters {
  connection: Pick<WalletConnection, 'namespace' | 'connectorId'> & { status: string }
  /** The account of that connection to make current (default: its first). */
  address?: string
  /** For the auth connector: the account type to switch to. */
  accountType?: AccountType
  onChange?: (change: { hasSwitchedAccount: boolean; hasSwitchedWallet: boolean }) => void
}

export type SwitchConnectionReturnType = void
export type SwitchConnectionErrorType = PorticoError | InvalidConnectionStatusError

/**
 * SPEC §4 'Switching between connections'. Connected or active: reconnect via the connector
 * (for the auth connector, switch the account type). Disconnected: connect again through its
 * flow. Any other status fails with 'Invalid connection status: {status}'. The callback reports
 * whether the account or the wallet changed.
 */
export async function switchConnection(portico: Portico, { connection, address, accountType, onChange }: SwitchConnectionParameters) {
  const { namespace, connectorId, status } = connection
  const before = { address: getAccount(portico, namespace).address, connectorId: getActiveConnectorId(portico, namespace) }
  const connector = findConnector(portico, { connectorId })

  switch (status) {
    case 'connected':
    case 'active': {
      if (connector?.type === 'AUTH') {
        if (accountType) setAccount(portico, namespace, { preferredAccountType: accountType })
        // The frame's addresses are already known (a Bitcoin payment and ordinal address): the chosen one is put first.
        if (address) putKnownAccountFirst(portico, namespace, connectorId, address)
        break
      }
      const adapter = portico.adapters.get(namespace)
      const result = await adapter?.reconnect({ connectorId })
      if (!result) throw new PorticoError(errorMessage('noConnectorForConnection', connectorId))
      const chosen = address ? result.accounts.find((a) => a.address.toLowerCase() === address.toLowerCase()) : undefined
      const accounts = chosen ? [chosen, ...result.accounts.filter((a) => a !== chosen)] : result.accounts
      setConnection(portico, namespace, { ...result, accounts })
      break
    }
    case 'disconnected':
      // Email, social and pairing flows arrive with their issues; a browser wallet reconnects here.
      await connectExternal(portico, { connectorId })
      break
    default:
      throw new InvalidConnectionStatusError(status)
  }

  const after = { address: getAccount(portico, namespace).address, connectorId: getActiveConnectorId(portico, namespace) }
  onChange?.({
    hasSwitchedAccount: (before.address ?? '').toLowerCase() !== (after.address ?? '').toLowerCase(),
    hasSwitchedWallet: !before.connectorId || !after.connectorId || !sameConnectorId(before.connectorId, after.connectorId),
  })
  void fetchBalance(portico, namespace, { force: true })
}

/** Makes `address`, one of the stored connection's accounts, its first and the account in use. */
function putKnownAccountFirst(portico: Portico, namespace: ChainNamespace, connectorId: string, address: string) {
  const stored = portico.stores.connections.getState().connections[namespace]?.find((c) => sameConnectorId(c.connectorId, connectorId))
  const chosen = stored?.accounts.find((a) => a.address.toLowerCase() === address.toLowerCase())
  const caipNetworkId = stored?.caipNetworkId ?? portico.stores.network.getState().caipNetwork?.caipNetworkId
  if (!stored || !chosen || !caipNetworkId || getAccount(portico, namespace).address?.toLowerCase() === address.toLowerCase()) return
  const accounts = [chosen, ...stored.accounts.filter((a) => a !== chosen)].map((a) => ({ address: a.address, type: a.type ?? DefaultAccountTypes[namespace] }))
  setConnection(portico, namespace, { connectorId: stored.connectorId, accounts, caipNetworkId: caipNetworkId as CaipNetworkId })
}
