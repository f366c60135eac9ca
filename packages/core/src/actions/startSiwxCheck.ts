import type { Portico } from '../portico.js'

/** Runs the sign-in check after a connect or switch; its code loads only when sign-in is configured. */
export function startSiwxCheck(portico: Portico) {
  if (!portico.siwx) return
  void import('./checkSiwx.js').then((m) => m.checkSiwx(portico))
}
