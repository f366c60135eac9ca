import type { Portico } from '../portico.js'
import { push } from '../router.js'

/** Opens SwapSelectToken for one side of the pair. */
export function openSwapTokenPicker(portico: Portico, side: 'from' | 'to') {
  portico.stores.swap.setState({ picking: side })
  push(portico.stores.router, 'SwapSelectToken')
}
