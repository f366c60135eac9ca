import type { Portico } from '../portico.js'
import type { FeeRates } from '../stores/send.js'

/** The rates stored in the send store (`feeRates`), or undefined where the network offers no fee choice. */
export type FetchFeeRatesReturnType = FeeRates | undefined
/** Never rejects: rates that cannot be read leave the send without a fee choice (the adapter's own rate applies). */
export type FetchFeeRatesErrorType = never

/**
 * SPEC §5 network fee choice: where the active network's adapter offers fee rates (Bitcoin: sat/vB),
 * they are read for the send so the preview can offer slow, normal and fast. Other families
 * (EVM, Solana) have none, and their send is unchanged.
 */
export async function fetchFeeRates(portico: Portico): Promise<FetchFeeRatesReturnType> {
  const { send, network } = portico.stores
  const caipNetwork = network.getState().caipNetwork
  const adapter = caipNetwork ? portico.adapters.get(caipNetwork.chainNamespace) : undefined
  if (!caipNetwork || !adapter?.getFeeRates) {
    send.setState({ feeRates: undefined, feesBySpeed: {} })
    return undefined
  }
  try {
    const { slow, normal, fast } = await adapter.getFeeRates({ caipNetwork })
    const feeRates = { slow, normal, fast }
    // Estimates made at other rates or for another amount are stale: estimateSendFee makes them again.
    send.setState({ feeRates, feesBySpeed: {}, fee: undefined })
    return feeRates
  } catch (error) {
    portico.logger.debug('fee rates failed', error)
    send.setState({ feeRates: undefined, feesBySpeed: {} })
    return undefined
  }
}
