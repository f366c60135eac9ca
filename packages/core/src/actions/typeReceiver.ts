import { Time } from '../spec/defaults.js'
import type { Portico } from '../portico.js'
import { setReceiver } from './setReceiver.js'

/** The receiver field as typed: an address or a name. */
export interface TypeReceiverParameters {
  input: string
}
export type TypeReceiverReturnType = void
export type TypeReceiverErrorType = never

/**
 * The receiver field as typed. It is kept as typed at once, and resolved (an address checked,
 * a name looked up) after SPEC §9's default debounce of 500 ms without typing.
 */
export function typeReceiver(portico: Portico, parameters: TypeReceiverParameters): TypeReceiverReturnType
/** @deprecated use `typeReceiver(portico, { input })` */
export function typeReceiver(portico: Portico, input: string): TypeReceiverReturnType
export function typeReceiver(portico: Portico, parameters: TypeReceiverParameters | string): TypeReceiverReturnType {
  const { input } = typeof parameters === 'object' ? parameters : { input: parameters }
  const { send } = portico.stores
  send.setState({ receiverInput: input, receiverAddress: undefined, receiverError: undefined, receiverResolving: input.trim().includes('.') })
  const pending = portico.timers.get('receiverDebounce')
  if (pending !== undefined) portico.clock.clearTimeout(pending)
  portico.timers.set(
    'receiverDebounce',
    portico.clock.setTimeout(() => {
      portico.timers.delete('receiverDebounce')
      if (send.getState().receiverInput === input) void setReceiver(portico, { input })
    }, Time.defaultDebounceMs),
  )
}
