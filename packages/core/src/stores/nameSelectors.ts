// Selectors of the names store, in their own module: the store is in the first load, these (and
// the name rules they use) load with the views that need them.
import type { Portico } from '../portico.js'
import { toFullName } from '../spec/names.js'
import { getAccount } from './account.js'

/** The full name for a label with the host's name suffix (SPEC §9). */
export function fullName(portico: Portico, label: string): string {
  return toFullName(label, portico.options.nameSuffix)
}

/**
 * Whether to offer RegisterAccountName from Account: SPEC §1 'Names support eip155 only', a name
 * service (the server) is configured, and the connected account has no name yet.
 */
export function canRegisterName(portico: Portico): boolean {
  const { caipNetwork } = portico.stores.network.getState()
  if (!portico.api || caipNetwork?.chainNamespace !== 'eip155') return false
  const { address, profileName } = getAccount(portico, 'eip155')
  return Boolean(address) && !profileName
}
