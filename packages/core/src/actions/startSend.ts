import type { TokenBalance } from '../api/schemas.js'
import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { isNativeToken } from '../send/validateSend.js'
import { getAccount } from '../stores/account.js'

/** The token to start with; else the one already chosen, else the native currency, else the first. */
export interface StartSendParameters {
  token?: TokenBalance | undefined
}
export type StartSendReturnType = void
export type StartSendErrorType = never

/** Opens WalletSend with the account's balances to choose from; the native currency is the default token. */
export function startSend(portico: Portico, parameters?: StartSendParameters): StartSendReturnType
/** @deprecated use `startSend(portico, { token })` */
export function startSend(portico: Portico, token?: TokenBalance | undefined): StartSendReturnType
export function startSend(portico: Portico, parameters: StartSendParameters | TokenBalance | undefined): StartSendReturnType {
  // A token (it has a symbol) is the deprecated positional form.
  const { token } = parameters && 'symbol' in parameters ? { token: parameters } : (parameters ?? {})
  const { send, network, router } = portico.stores
  const tokenBalances = getAccount(portico).tokenBalance ?? []
  const caipNetwork = network.getState().caipNetwork
  const chosen = token ?? send.getState().token ?? tokenBalances.find((t) => caipNetwork && isNativeToken(t, caipNetwork)) ?? tokenBalances[0]
  send.setState({ tokenBalances, token: chosen })
  push(router, 'WalletSend')
}
