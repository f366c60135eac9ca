import type { Balances } from '../../api/schemas.js'
import type { CaipNetwork } from '../../networks.js'
import type { Portico } from '../../portico.js'

/**
 * SPEC §3 option `tokens`: on a network where the host named a token, the balance shown is that
 * token's (0 while the account holds none), and the host's image replaces the token's icon.
 */
export function withHostToken(portico: Portico, caipNetwork: CaipNetwork, { native, tokens }: Balances) {
  const hostToken = portico.options.tokens?.[caipNetwork.caipNetworkId]
  if (!hostToken) return { balance: native.balance, symbol: native.symbol, tokens }
  const same = (t: Balances['tokens'][number]) => t.address?.toLowerCase() === hostToken.address.toLowerCase()
  const held = tokens.find(same)
  const withImage = hostToken.image ? tokens.map((t) => (same(t) ? { ...t, iconUrl: hostToken.image! } : t)) : tokens
  return { balance: held?.quantity.numeric ?? '0', symbol: held?.symbol ?? hostToken.symbol ?? '', tokens: withImage }
}
