import { PorticoError } from '../errors/base.js'
import { errorMessage, keyOf } from '../i18n/message.js'
import { inEnglish } from '../i18n/inEnglish.js'
import { UserRejectedRequestError } from '../errors/connector.js'
import type { Portico } from '../portico.js'
import { replace } from '../router.js'
import type { RouterStore } from '../stores/router.js'
import { SendViews } from '../views.js'
import { getSendProblem } from '../send/sendForm.js'
import { initialSendState } from '../stores/send.js'
import { track } from './internal/track.js'
import { reportError } from './internal/reportError.js'
import { fetchBalance } from './fetchBalance.js'
import { followQueuedTransaction } from './internal/followQueuedTransaction.js'
import { sendingNamespaces } from '../selectors/sendingNamespaces.js'
import { prepareSend } from './internal/prepareSend.js'
import { refreshActivity } from './internal/refreshActivity.js'
import { showSnack } from './showSnack.js'
import { popTransactionStack } from './popTransactionStack.js'
import { raiseProviderAlert } from './internal/raiseProviderAlert.js'

/** `queued`: a multi-signer Safe queued it; `hash` is the Safe's id until its other signers execute it. */
export type SendTokensReturnType = { hash: string; queued?: boolean }
/** The form's problem (its key and params, `shortMessage` SPEC §5's English), or SPEC §8's transaction texts (API_ERROR). */
export type SendTokensErrorType = PorticoError

/**
 * SPEC §4 'Send': loading goes true then false; a token with an address is a token transfer
 * (ERC20 on EVM, the mint from the token's CAIP address on Solana), without one the native
 * currency; on success the send state is reset and a successful token send replaces the view
 * with Account. Errors show as an error snack (category API_ERROR, SPEC §8 'Wrapping'). The
 * adapter's waitForTransaction resolves at its confirmation level (Solana: 'confirmed'), then
 * balances and activity are read again.
 */
export async function sendTokens(portico: Portico): Promise<SendTokensReturnType> {
  const { send, network, router } = portico.stores
  const state = send.getState()
  const { caipNetwork } = network.getState()

  // SPEC §5's texts first, then the form's own (balance, amount, Solana's rent-exempt minimum): nothing is sent.
  const invalid = getSendProblem(state, caipNetwork, sendingNamespaces(portico))
  if (invalid) {
    const error = new PorticoError(inEnglish(invalid), { category: 'API_ERROR' })
    showSnack(portico, { message: keyOf(invalid), variant: 'error' })
    throw error
  }
  const prepared = prepareSend(portico)
  if (!prepared?.adapter.sendTransfer) throw new PorticoError(errorMessage('unsupportedChain'))
  const { adapter, transfer, token, native } = prepared

  send.setState({ loading: true })
  try {
    const { hash, queued } = await adapter.sendTransfer!(transfer)
    if (queued) {
      // Not failed, not pending on a chain: waiting for the Safe's other signers, followed in the background.
      send.setState({ ...initialSendState, tokenBalances: send.getState().tokenBalances }, true)
      showSnack(portico, { message: errorMessage('transactionQueued'), variant: 'success' })
      popTransactionStack(portico, { outcome: 'success' })
      leaveSendFlow(router)
      void followQueuedTransaction(portico, { adapter, caipNetwork: transfer.caipNetwork, hash, connectorId: transfer.connectorId })
      return { hash, queued }
    }
    showSnack(portico, { message: errorMessage('transactionPending'), variant: 'loading' })
    const receipt = await adapter.waitForTransaction?.({ hash, caipNetwork: transfer.caipNetwork })
    if (receipt?.status === 'reverted') throw new PorticoError(errorMessage('transactionFailed'), { details: hash, category: 'API_ERROR' })

    send.setState({ ...initialSendState, tokenBalances: send.getState().tokenBalances }, true)
    showSnack(portico, { message: errorMessage('transactionSent'), variant: 'success' })
    track(portico, 'SEND_SUCCESS', { token: token.symbol, amount: state.sendTokenAmount, isNative: native, hash })
    popTransactionStack(portico, { outcome: 'success' })
    // SPEC: a successful ERC20 or Solana send replaces the view with Account; a native send
    // lands there too, so the user sees the new balance either way.
    leaveSendFlow(router)
    void fetchBalance(portico, transfer.caipNetwork.chainNamespace, { force: true })
    // The send is confirmed: the activity list is read again until the server's index has it.
    void refreshActivity(portico, { hash })
    return { hash }
  } catch (cause) {
    raiseProviderAlert(portico, cause)
    const rejected = cause instanceof UserRejectedRequestError
    const error =
      cause instanceof PorticoError && !rejected
        ? cause
        : new PorticoError(errorMessage(rejected ? 'transactionRejected' : 'transactionFailed'), { cause, category: 'API_ERROR' })
    send.setState({ loading: false })
    showSnack(portico, { message: keyOf(error), variant: 'error' })
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
