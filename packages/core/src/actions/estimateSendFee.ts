import type { AdapterBalance } from '../adapter.js'
import type { Portico } from '../portico.js'
import { isNativeToken } from '../send/validateSend.js'
import { FeeSpeeds, type FeeSpeed, type SendFee } from '../stores/send.js'
import { formatUnits } from '../utils/format.js'
import { prepareSend } from './internal/prepareSend.js'

/** The fee lands in the send store (`fee`, and `feesBySpeed` where there are fee rates); nothing is returned. */
export type EstimateSendFeeReturnType = void
/** Never rejects: a failed estimate leaves `fee` unset. */
export type EstimateSendFeeErrorType = never

/**
 * The network fee of the prepared send, for the preview. Leaves `fee` unset when it cannot be estimated.
 * Where the network offers fee rates (fetchFeeRates: Bitcoin), each speed is estimated at its rate so the
 * choice can show what it costs, and `fee` is the chosen speed's (selectFeeSpeed follows it).
 */
export async function estimateSendFee(portico: Portico): Promise<EstimateSendFeeReturnType> {
  const { send } = portico.stores
  try {
    const prepared = prepareSend(portico)
    if (!prepared?.adapter.estimateTransferFee) return
    const { adapter, transfer } = prepared
    const nativePrice = send.getState().tokenBalances.find((t) => isNativeToken(t, transfer.caipNetwork))?.price
    const toSendFee = (fee: AdapterBalance): SendFee => {
      const amount = formatUnits(BigInt(fee.value), fee.decimals)
      return { amount, symbol: fee.symbol, usd: nativePrice === undefined ? undefined : Number(amount) * nativePrice }
    }
    const { feeRates } = send.getState()
    if (!feeRates) {
      send.setState({ fee: toSendFee(await adapter.estimateTransferFee!(transfer)) })
      return
    }
    const estimates = await Promise.all(
      FeeSpeeds.map((speed) =>
        adapter.estimateTransferFee!({ ...transfer, feeRate: feeRates[speed] }).then(
          (fee): [FeeSpeed, SendFee] => [speed, toSendFee(fee)],
          (error) => (portico.logger.debug(`fee estimate at the ${speed} rate failed`, error), undefined),
        ),
      ),
    )
    const feesBySpeed = Object.fromEntries(estimates.filter((e) => e !== undefined))
    // The user may have chosen another speed while these were estimated: the fee is the one chosen now.
    send.setState({ feesBySpeed, fee: feesBySpeed[send.getState().feeSpeed ?? 'normal'] })
  } catch (error) {
    portico.logger.debug('fee estimate failed', error)
    send.setState({ fee: undefined })
  }
}
