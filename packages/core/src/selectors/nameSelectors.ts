// Selectors of the names store, in their own module: the store is in the first load, these (and
// the name rules they use) load with the views that need them.
import type { Message } from '../i18n/message.js'
import type { Portico } from '../portico.js'
import { isValidName, toFullName } from '../spec/names.js'
import { getAccount } from '../stores/account.js'

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

/** What RegisterAccountName shows for the typed name: its availability, whether Register is allowed, and the hint. */
export interface NameAvailability {
  /** The label typed (without the suffix, lower-cased). */
  label: string
  /** The full name asked for ('' while nothing is typed). */
  wanted: string
  /** taken / available from the suggestions for exactly this name; checking while they load. */
  status: 'taken' | 'available' | 'checking' | 'unknown'
  canRegister: boolean
  /** What the field's hint says: a key and parameters (`t(key, params)`), never a sentence. Until issue 29 its English. */
  hint: Message
  hintIsError: boolean
}

/**
 * SPEC §5 name rule and §2 RegisterAccountName: the suggestions tell whether the typed name is free; while new
 * suggestions load, the previous ones may not be for this input, so nothing is claimed.
 */
export function getNameAvailability(portico: Portico): NameAvailability {
  const { input, suggestions, suggestionsLoading, loading, error } = portico.stores.names.getState()
  const suffix = fullName(portico, '')
  const typed = input.trim().toLowerCase()
  const label = typed.endsWith(suffix) ? typed.slice(0, -suffix.length) : typed
  const wanted = label ? fullName(portico, label) : ''
  const exact = suggestionsLoading ? undefined : suggestions.find((s) => s.name === wanted)
  const status = exact ? (exact.registered ? 'taken' : 'available') : suggestionsLoading ? 'checking' : 'unknown'
  const hint: Message = loading
    ? { key: 'nameText.approveInWallet' }
    : (error ??
      (status === 'taken' || status === 'available'
        ? { key: `nameText.${status}`, params: { 0: wanted } }
        : { key: status === 'checking' ? 'nameText.checking' : 'nameText.labelRule' }))
  return {
    label,
    wanted,
    status,
    canRegister: isValidName(label) && status !== 'taken' && !loading && !suggestionsLoading,
    hint,
    hintIsError: !loading && (error !== undefined || status === 'taken'),
  }
}
