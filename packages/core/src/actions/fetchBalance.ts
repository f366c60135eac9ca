import type { ChainNamespace } from '../caip.js'
import { errorDisplayText } from '../errors/display.js'
import type { Portico } from '../portico.js'
import { formatUnits } from '../utils/format.js'
import { getAccount, setAccount } from './getters.js'

/** Reads the native balance of the active account on the active network through its adapter. */
export async function fetchBalance(portico: Portico, namespace?: ChainNamespace) {
  const ns = namespace ?? portico.stores.network.getState().activeNamespace
  const { caipNetwork, unsupported } = portico.stores.network.getState()
  const { address } = getAccount(portico, ns)
  const adapter = portico.adapters.get(ns)
  if (!address || !adapter || !caipNetwork || unsupported || caipNetwork.chainNamespace !== ns) return
  setAccount(portico, ns, { balanceLoading: true, balanceError: undefined })
  try {
    const connectorId = portico.stores.connections.getState().activeConnectorIds[ns]
    const balance = await adapter.getBalance({ address, caipNetwork, connectorId })
    // The account or network may have changed while the request was in flight.
    if (getAccount(portico, ns).address !== address) return
    if (portico.stores.network.getState().caipNetwork?.caipNetworkId !== caipNetwork.caipNetworkId) return
    setAccount(portico, ns, {
      balance: formatUnits(BigInt(balance.value), balance.decimals),
      balanceSymbol: balance.symbol,
      balanceLoading: false,
    })
  } catch (error) {
    portico.logger.error('balance fetch failed', error)
    setAccount(portico, ns, { balanceLoading: false, balanceError: errorDisplayText(error) })
  }
}
