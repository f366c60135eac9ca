import { parseCaipAddress, type CaipAddress } from '../spec/caip.js'
import { PorticoError } from '../errors/base.js'
import { ErrorText } from '../spec/catalogue.js'
import { UserRejectedRequestError } from '../errors/connector.js'
import type { Portico } from '../portico.js'
import { replace } from '../router.js'
import type { RouterStore } from '../stores/router.js'
import { SendViews } from '../views.js'
import { isNativeToken } from '../send/validateSend.js'
import { getSendProblem } from '../send/sendForm.js'
import { initialSendState } from '../stores/send.js'
import { parseUnits } from '../utils/format.js'
import { reportError, track } from '../analytics/track.js'
import { fetchBalance } from './fetchBalance.js'
import { refreshActivity } from './refreshActivity.js'
import { getAccount, getActiveConnectorId } from './getters.js'
import { showSnack } from './showSnack.js'
import { popTransactionStack } from './transactionStack.js'

/**
 * SPEC §4 'Send': loading goes true then false; a token with an address is a token transfer
 * (ERC20 on EVM, the mint from the token's CAIP address on Solana), without one the native
 * currency; on success the send state is reset and a successful token send replaces the view
 * with Account. Errors show as an error snack (category API_ERROR, SPEC §8 'Wrapping'). The
 * adapter's waitForTransaction resolves at its confirmation level (Solana: 'confirmed'), then
 * balances and activity are read again.
 */
export async function sendTokens(portico: Portico): Promise<{ hash: string }> {
  const { send, network, router } = portico.stores
  const state = send.getState()
  const { caipNetwork } = network.getState()
  const namespace = caipNetwork?.chainNamespace
  const adapter = namespace ? portico.adapters.get(namespace) : undefined
  const supported = [...portico.adapters.values()].filter((a) => a.sendTransfer).map((a) => a.namespace)

  // SPEC §5's texts first, then the form's own (balance, amount, Solana's rent-exempt minimum): nothing is sent.
  const invalid = getSendProblem(state, caipNetwork, supported)
  if (invalid) {
    showSnack(portico, { message: invalid, variant: 'error' })
    throw new PorticoError(invalid, { category: 'API_ERROR' })
  }
  const token = state.token!
  const from = getAccount(portico, namespace).address
  const connectorId = getActiveConnectorId(portico, namespace)
  if (!from || !connectorId || !adapter?.sendTransfer || !caipNetwork) throw new PorticoError(ErrorText.unsupportedChain)

  const native = isNativeToken(token, caipNetwork)
  const tokenAddress = native ? undefined : parseCaipAddress(token.address as CaipAddress).address
  send.setState({ loading: true })
  try {
    const amount = parseUnits(state.sendTokenAmount!, Number(token.quantity.decimals))
    const { hash } = await adapter.sendTransfer({ connectorId, caipNetwork, from, to: state.receiverAddress!, amount, tokenAddress })
    showSnack(portico, { message: ErrorText.transactionPending, variant: 'loading' })
    const receipt = await adapter.waitForTransaction?.({ hash, caipNetwork })
    if (receipt?.status === 'reverted') throw new PorticoError(ErrorText.transactionFailed, { details: hash, category: 'API_ERROR' })

    send.setState({ ...initialSendState, tokenBalances: send.getState().tokenBalances })
    showSnack(portico, { message: ErrorText.transactionSent, variant: 'success' })
    track(portico, 'SEND_SUCCESS', { token: token.symbol, amount: state.sendTokenAmount, isNative: native, hash })
    popTransactionStack(portico, 'success')
    // SPEC: a successful ERC20 or Solana send replaces the view with Account; a native send
    // lands there too, so the user sees the new balance either way.
    leaveSendFlow(router)
    void fetchBalance(portico, namespace, { force: true })
    // The send is confirmed: the activity list is read again until the server's index has it.
    void refreshActivity(portico, { hash })
    return { hash }
  } catch (cause) {
    const rejected = cause instanceof UserRejectedRequestError
    const error =
      cause instanceof PorticoError && !rejected
        ? cause
        : new PorticoError(rejected ? ErrorText.transactionRejected : ErrorText.transactionFailed, { cause, category: 'API_ERROR' })
    send.setState({ loading: false })
    showSnack(portico, { message: error.shortMessage, variant: 'error' })
    track(portico, 'SEND_ERROR', { token: token.symbol, message: error.details ?? error.shortMessage })
    if (!rejected) reportError(portico, error, 'API_ERROR')
    throw error
  } finally {
    if (send.getState().loading) send.setState({ loading: false })
  }
}

/** The send views are replaced by Account, so Back from Account does not reopen a finished send. */
function leaveSendFlow(router: RouterStore) {
  const { history } = router.getState()
  const rest = history.filter((view) => !SendViews.includes(view))
  if (rest.at(-1) === 'Account') router.setState({ view: 'Account', history: rest, data: undefined })
  else replace(router, 'Account')
}
