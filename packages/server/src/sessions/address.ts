import { isBitcoinAddress } from '../bitcoin/networks.js'
import { bitcoinAccountKey } from '../bitcoin/transactions.js'
import { parseAddress } from '../names/rules.js'

/**
 * The lookup key of a sign-in address: EVM lower-case 0x form, Solana and Bitcoin as given.
 * Undefined for anything else.
 */
export function sessionAddressKey(input: string): { key: string; namespace: string } | undefined {
  // Bitcoin first: a base58 Bitcoin address (checksummed) can pass Solana's base58 rule.
  if (isBitcoinAddress(input)) return { key: bitcoinAccountKey(input), namespace: 'bip122' }
  const parsed = parseAddress(input)
  if (parsed) return { key: parsed.key, namespace: parsed.kind }
  return undefined
}
