import { DefaultAccountTypes, type AccountType, type ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { sameConnectorId } from '../connectors.js'
import { getAccount } from '../stores/account.js'
import type { WalletConnection } from './getWalletConnections.js'

export interface GetAccountTypesParameters {
  /** The chain family (the active one by default). */
  namespace?: ChainNamespace
}

/** One address of the connection and its type (SPEC §3 Bitcoin accounts: payment at index 0, ordinal at 1). */
export interface AccountTypeAddress {
  type: AccountType
  address: string
}

export type GetAccountTypesReturnType =
  | {
      /** The active connection these addresses belong to (what switchConnection takes). */
      connection: Pick<WalletConnection, 'namespace' | 'connectorId' | 'accounts' | 'status'>
      /** One address per type, in SPEC §3's order (payment, ordinal). */
      accounts: AccountTypeAddress[]
      /** The type of the address in use; undefined when the address in use is none of them. */
      current: AccountType | undefined
      /** The host's default account type for the family, else SPEC §6's (bip122: payment), else the first. */
      defaultType: AccountType
    }
  | undefined
export type GetAccountTypesErrorType = never

// SPEC §3: a Bitcoin account's payment address is index 0, its ordinal address index 1.
const ORDER: readonly AccountType[] = ['payment', 'ordinal', 'eoa', 'smartAccount']

/**
 * The addresses of distinct types the active connection of a family holds (a Bitcoin wallet's payment
 * and ordinal addresses), for Account's type switch and Receive; undefined where there is one type or
 * none (EVM, Solana), so nothing is shown there.
 */
export function getAccountTypes(portico: Portico, { namespace }: GetAccountTypesParameters = {}): GetAccountTypesReturnType {
  const ns = namespace ?? portico.stores.network.getState().activeNamespace
  // The active connection, read from the store (getWalletConnections' 'connected' one).
  const { connections, activeConnectorIds } = portico.stores.connections.getState()
  const activeId = activeConnectorIds[ns]
  const stored = activeId === undefined ? undefined : connections[ns]?.find((c) => sameConnectorId(c.connectorId, activeId))
  if (!stored) return undefined
  const connection = { namespace: ns, connectorId: stored.connectorId, accounts: stored.accounts, status: 'connected' as const }
  const accounts: AccountTypeAddress[] = []
  for (const { address, type } of connection.accounts) {
    if (type && !accounts.some((a) => a.type === type)) accounts.push({ type, address })
  }
  if (accounts.length < 2) return undefined
  accounts.sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type))
  const address = getAccount(portico, ns).address?.toLowerCase()
  const current = accounts.find((a) => a.address.toLowerCase() === address)?.type
  const has = (type: AccountType | undefined) => accounts.some((a) => a.type === type)
  const configured = portico.options.defaultAccountTypes?.[ns]
  const defaultType = has(configured) ? configured! : has(DefaultAccountTypes[ns]) ? DefaultAccountTypes[ns] : accounts[0]!.type
  return { connection, accounts, current, defaultType }
}
