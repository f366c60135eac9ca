import type { BitcoinAddressIntention } from '@portico/core'
import { decodeBip122Address } from '@portico/core/spec'

/** SPEC §3 'Bitcoin accounts': a taproot (witness v1) address is the ordinal one; any other pays. */
export function intentionOf(address: string): BitcoinAddressIntention {
  const decoded = decodeBip122Address(address)
  return decoded?.kind === 'witness' && decoded.version === 1 ? 'ordinal' : 'payment'
}

/** The network an address names: its bech32 prefix or base58 version ('testnet' covers signet). */
export function networkKindOf(address: string): 'mainnet' | 'testnet' | 'regtest' | undefined {
  const decoded = decodeBip122Address(address)
  if (!decoded) return undefined
  if (decoded.kind === 'witness') return decoded.hrp === 'bc' ? 'mainnet' : decoded.hrp === 'tb' ? 'testnet' : decoded.hrp === 'bcrt' ? 'regtest' : undefined
  return decoded.params.some((p) => p.hrp === 'bc') ? 'mainnet' : 'testnet'
}
