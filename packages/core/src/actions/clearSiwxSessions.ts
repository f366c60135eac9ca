import type { PorticoError } from '../errors/base.js'
import type { CaipNetworkId } from '../spec/caip.js'
import type { Portico } from '../portico.js'

export type ClearSiwxSessionsReturnType = void
export type ClearSiwxSessionsErrorType = PorticoError

/** SPEC §4: sessions can be cleared (all of the active account's). */
export async function clearSiwxSessions(portico: Portico) {
  const { siwx } = portico
  if (!siwx) return
  const address = portico.stores.account.getState().byNamespace[portico.stores.network.getState().activeNamespace]?.address
  if (!address) return
  for (const id of portico.stores.siwx.getState().signedNetworks) await siwx.revokeSession(id as CaipNetworkId, address)
  const current = portico.stores.network.getState().caipNetwork?.caipNetworkId
  if (current) await siwx.revokeSession(current, address)
  portico.stores.siwx.setState({ hasSession: false, signedNetworks: [], status: 'idle' })
}
