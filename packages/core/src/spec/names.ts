/**
 * SPEC §5 'Addresses and names': a name-service label is letters, digits and hyphens, at least 4
 * characters; at most 63, a DNS label's limit. The client's hint and the server's check are this
 * one rule.
 */
export const NAME_LABEL_PATTERN = /^[a-zA-Z0-9-]{4,63}$/
/** The rule in words, for the server's refusal. */
export const NameRule = 'letters, digits and hyphens only, 4 to 63 characters'

/** Whether `label` (a name without its suffix) is a valid name-service label. */
export function isValidName(label: string): boolean {
  return NAME_LABEL_PATTERN.test(label)
}

/** SPEC §9: the name service's suffix when the host names none (Portico's server's default). */
export const DEFAULT_NAME_SUFFIX = '.portico.id'

/**
 * SPEC §5 'Name registration' texts (the first two); the third is the label rule in the form's words;
 * the rest are RegisterAccountName's hints under the name field.
 */
export const NameText = {
  networkNotFound: 'Network not found',
  addressOrConnectorNotFound: 'Address or auth connector not found',
  invalidName: 'Use at least 4 letters, digits or hyphens',
  approveInWallet: 'Approve the signature in your wallet',
  taken: (name: string) => `${name} is already registered`,
  available: (name: string) => `${name} is available`,
  checking: 'Checking availability…',
  labelRule: 'Letters, digits and hyphens, at least 4',
} as const

/** The full name for a label: the name service appends its suffix (SPEC §9); a full name stays as it is. */
export function toFullName(label: string, suffix: string = DEFAULT_NAME_SUFFIX): string {
  const clean = label.trim().toLowerCase()
  return clean.endsWith(suffix) ? clean : `${clean}${suffix}`
}

/** The label in what the user typed: trimmed, lower case, the suffix taken out. */
export function toNameLabel(input: string, suffix: string = DEFAULT_NAME_SUFFIX): string {
  return input.trim().toLowerCase().replace(suffix, '')
}
