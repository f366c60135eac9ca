import type { TokenBalance } from '../api/schemas.js'
import { Time } from '../spec/defaults.js'
import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { getSendProblem } from '../send/sendForm.js'
import { isNativeToken } from '../send/validateSend.js'
import { getAccount } from './getters.js'
import { setReceiver } from './setReceiver.js'

/** Opens WalletSend with the account's balances to choose from; the native currency is the default token. */
export function startSend(portico: Portico, token?: TokenBalance) {
  const { send, network, router } = portico.stores
  const tokenBalances = getAccount(portico).tokenBalance ?? []
  const caipNetwork = network.getState().caipNetwork
  const chosen = token ?? send.getState().token ?? tokenBalances.find((t) => caipNetwork && isNativeToken(t, caipNetwork)) ?? tokenBalances[0]
  send.setState({ tokenBalances, token: chosen })
  push(router, 'WalletSend')
}

/**
 * The receiver field as typed. It is kept as typed at once, and resolved (an address checked,
 * a name looked up) after SPEC §9's default debounce of 500 ms without typing.
 */
export function typeReceiver(portico: Portico, input: string) {
  const { send } = portico.stores
  send.setState({ receiverInput: input, receiverAddress: undefined, receiverError: undefined, receiverResolving: input.trim().includes('.') })
  const pending = portico.timers.get('receiverDebounce')
  if (pending !== undefined) portico.clock.clearTimeout(pending)
  portico.timers.set(
    'receiverDebounce',
    portico.clock.setTimeout(() => {
      portico.timers.delete('receiverDebounce')
      if (send.getState().receiverInput === input) void setReceiver(portico, input)
    }, Time.defaultDebounceMs),
  )
}

/** What stops the current send form from continuing (see send/sendForm.ts), read from the stores. */
export function getCurrentSendProblem(portico: Portico): string | undefined {
  const { caipNetwork, unsupported } = portico.stores.network.getState()
  const supported = [...portico.adapters.values()].filter((a) => a.sendTransfer).map((a) => a.namespace)
  return getSendProblem(portico.stores.send.getState(), unsupported ? undefined : caipNetwork, supported)
}
