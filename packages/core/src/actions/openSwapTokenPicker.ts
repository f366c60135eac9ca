import type { Portico } from '../portico.js'
import { push } from '../router.js'

export interface OpenSwapTokenPickerParameters {
  /** The side of the pair the picked token is for. */
  side: 'from' | 'to'
}
export type OpenSwapTokenPickerReturnType = void
export type OpenSwapTokenPickerErrorType = never

/** Opens SwapSelectToken for one side of the pair. */
export function openSwapTokenPicker(portico: Portico, parameters: OpenSwapTokenPickerParameters): OpenSwapTokenPickerReturnType
/** @deprecated use `openSwapTokenPicker(portico, { side })` */
export function openSwapTokenPicker(portico: Portico, side: 'from' | 'to'): OpenSwapTokenPickerReturnType
export function openSwapTokenPicker(portico: Portico, parameters: OpenSwapTokenPickerParameters | 'from' | 'to'): OpenSwapTokenPickerReturnType {
  const { side } = typeof parameters === 'object' ? parameters : { side: parameters }
  portico.stores.swap.setState({ picking: side })
  push(portico.stores.router, 'SwapSelectToken')
}
