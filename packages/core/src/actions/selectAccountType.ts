import type { AccountType, ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { getAccountTypes } from './getAccountTypes.js'
import type { SwitchConnectionErrorType } from './switchConnection.js'

export interface SelectAccountTypeParameters {
  type: AccountType
  /** The chain family (the active one by default). */
  namespace?: ChainNamespace
}
export type SelectAccountTypeReturnType = void
export type SelectAccountTypeErrorType = SwitchConnectionErrorType

/**
 * Makes the active connection's address of `type` the one in use (a Bitcoin wallet's payment or
 * ordinal address), through switchConnection as ProfileWallets' account list does: the wallet is asked
 * again without a prompt, its balance read for the new address. Nothing happens when the connection has
 * no address of that type or it is already in use.
 */
export async function selectAccountType(portico: Portico, { type, namespace }: SelectAccountTypeParameters): Promise<SelectAccountTypeReturnType> {
  const types = getAccountTypes(portico, { namespace })
  const chosen = types?.accounts.find((a) => a.type === type)
  if (!types || !chosen || types.current === type) return
  // Loaded on use: Account's chunk stays as it was for the families without address types.
  await (await import('./switchConnection.js')).switchConnection(portico, { connection: types.connection, address: chosen.address })
}
