import type { Portico } from '../portico.js'
import { isNativeToken } from '../send/validateSend.js'
import { formatUnits } from '../utils/format.js'
import { prepareSend } from './internal/prepareSend.js'

/** The fee lands in the send store (`fee`); nothing is returned. */
export type EstimateSendFeeReturnType = void
/** Never rejects: a failed estimate leaves `fee` unset. */
export type EstimateSendFeeErrorType = never

/** The network fee of the prepared send, for the preview. Leaves `fee` unset when it cannot be estimated. */
export async function estimateSendFee(portico: Portico): Promise<EstimateSendFeeReturnType> {
  const { send } = portico.stores
  try {
    const prepared = prepareSend(portico)
    if (!prepared?.adapter.estimateTransferFee) return
    const { adapter, transfer } = prepared
    const fee = await adapter.estimateTransferFee!(transfer)
    const amount = formatUnits(BigInt(fee.value), fee.decimals)
    const nativePrice = send.getState().tokenBalances.find((t) => isNativeToken(t, transfer.caipNetwork))?.price
    send.setState({ fee: { amount, symbol: fee.symbol, usd: nativePrice === undefined ? undefined : Number(amount) * nativePrice } })
  } catch (error) {
    portico.logger.debug('fee estimate failed', error)
    send.setState({ fee: undefined })
  }
}
