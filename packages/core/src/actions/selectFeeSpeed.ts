import type { Portico } from '../portico.js'
import type { FeeSpeed } from '../stores/send.js'
import { estimateSendFee } from './estimateSendFee.js'

export interface SelectFeeSpeedParameters {
  speed: FeeSpeed
}
export type SelectFeeSpeedReturnType = void
export type SelectFeeSpeedErrorType = never

/**
 * SPEC §5 network fee choice: the speed whose rate the send pays (default 'normal'). The fee shown
 * follows the choice: the speed's estimate when it is known, else it is estimated again.
 */
export function selectFeeSpeed(portico: Portico, { speed }: SelectFeeSpeedParameters): SelectFeeSpeedReturnType {
  const { send } = portico.stores
  const { feeRates, feesBySpeed } = send.getState()
  if (!feeRates) return
  const fee = feesBySpeed?.[speed]
  send.setState({ feeSpeed: speed, fee })
  if (!fee) void estimateSendFee(portico)
}
