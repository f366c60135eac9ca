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
