import { parseAddress } from '../names/rules.js'

const BITCOIN_BECH32 = /^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$/
const BITCOIN_BASE58 = /^[123mn][1-9A-HJ-NP-Za-km-z]{25,34}$/

/**
 * The lookup key of a sign-in address: EVM lower-case 0x form, Solana and Bitcoin as given.
 * Undefined for anything else.
 */
export function sessionAddressKey(input: string): { key: string; namespace: string } | undefined {
  const parsed = parseAddress(input)
  if (parsed) return { key: parsed.key, namespace: parsed.kind }
  if (BITCOIN_BECH32.test(input.toLowerCase())) return { key: input.toLowerCase(), namespace: 'bip122' }
  if (BITCOIN_BASE58.test(input)) return { key: input, namespace: 'bip122' }
  return undefined
}
