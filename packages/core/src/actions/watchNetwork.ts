import type { Portico } from '../portico.js'
import { readNetwork, type WatchedNetwork } from './readNetwork.js'

export interface WatchNetworkParameters {
  /** Called with the network and the one before it whenever it changes. */
  onChange(network: WatchedNetwork, previous: WatchedNetwork): void
}
export type WatchNetworkReturnType = () => void
export type WatchNetworkErrorType = never

/**
 * Calls `onChange(network, previous)` whenever the active network changes (a switch in the
 * modal, in the wallet, or to another chain family). Returns the unsubscribe.
 */
export function watchNetwork(portico: Portico, parameters: WatchNetworkParameters): WatchNetworkReturnType
/** @deprecated use `watchNetwork(portico, { onChange })` */
export function watchNetwork(portico: Portico, onChange: WatchNetworkParameters['onChange']): WatchNetworkReturnType
export function watchNetwork(portico: Portico, parameters: WatchNetworkParameters | WatchNetworkParameters['onChange']): WatchNetworkReturnType {
  const onChange = typeof parameters === 'function' ? parameters : parameters.onChange
  return portico.subscribe(readNetwork, onChange, { equalityFn: sameNetwork })
}

function sameNetwork(a: WatchedNetwork, b: WatchedNetwork) {
  return a.caipNetworkId === b.caipNetworkId && a.namespace === b.namespace && a.unsupported === b.unsupported
}
