import type { Portico } from '../portico.js'

/** The chain families whose adapter can send a transfer. */
export function sendingNamespaces(portico: Portico): string[] {
  return [...portico.adapters.values()].filter((a) => a.sendTransfer).map((a) => a.namespace)
}
