import type { Portico } from '../portico.js'
import { PorticoError } from '../errors/base.js'
import { UserRejectedRequestError } from '../errors/connector.js'
import { errorMessage, keyOf } from '../i18n/message.js'
import { isNativePlaceholder } from '../spec/swaps.js'
import { buildSwapApproveFromApi, buildSwapTransactionFromApi, getSwapAllowanceFromApi, type SwapTransactionRequest } from '../api/swap.js'
import { swapErrorMessage } from '../swap/errorText.js'
import { inEnglish } from '../i18n/inEnglish.js'
import { getSwapProblem, swapAmount } from '../swap/rules.js'
import { reset } from '../router.js'
import { fetchBalance } from './fetchBalance.js'
import { followQueuedTransaction } from './internal/followQueuedTransaction.js'
import { refreshActivity } from './internal/refreshActivity.js'
import { getAccount } from '../stores/account.js'
import { getActiveConnectorId } from '../stores/connections.js'
import { showSnack } from './showSnack.js'
import { raiseProviderAlert } from './internal/raiseProviderAlert.js'

export interface SubmitSwapParameters {
  /**
   * What the approval, when one is needed, lets the router spend: 'exact' (default) the amount sold, so the next swap
   * of the token approves again; 'unlimited' 2^256−1, once per token, a choice the user makes in the preview.
   */
  approval?: 'exact' | 'unlimited'
}
export type SubmitSwapReturnType = { hash: string; queued?: boolean }
export type SubmitSwapErrorType = PorticoError

const UNLIMITED = 2n ** 256n - 1n

/**
 * SwapPreview's button: when the router may not spend enough of the token yet, first the approval
 * (its own wallet prompt, mined before going on), then the swap; each is a transaction the wallet
 * shows the user. The result is a snack, the balances and Activity are read again and the view returns to Account.
 * `queued`: a multi-signer Safe queued the swap; it is followed in the background.
 */
export async function submitSwap(portico: Portico, { approval = 'exact' }: SubmitSwapParameters = {}): Promise<SubmitSwapReturnType> {
  const { swap, network, router } = portico.stores
  const state = swap.getState()
  const { caipNetwork, activeNamespace } = network.getState()
  const account = getAccount(portico, activeNamespace)
  const problem = getSwapProblem(state, account.tokenBalance)
  const adapter = portico.adapters.get(activeNamespace)
  const connectorId = getActiveConnectorId(portico, activeNamespace)
  const amount = swapAmount(state)
  if (problem || amount === undefined || !caipNetwork || !account.address || !connectorId || !adapter?.sendTransaction)
    throw new PorticoError(problem ? inEnglish(problem) : errorMessage('unsupportedChain'))
  const user = `${caipNetwork.caipNetworkId}:${account.address}`
  /**
   * One transaction through the wallet, to its receipt. A multi-signer Safe queues it instead: 'Transaction queued
   * in the Safe'; the approval is then followed until the Safe executes it (the swap needs it), the swap itself in
   * the background (followQueuedTransaction: 'Transaction sent' once executed, also after a reload).
   */
  const send = async (tx: SwapTransactionRequest, queuedInBackground: boolean): Promise<SubmitSwapReturnType> => {
    const { hash, queued } = await adapter.sendTransaction!({
      connectorId,
      caipNetwork,
      from: tx.from,
      to: tx.to,
      data: tx.data as `0x${string}`,
      value: BigInt(tx.value),
      gas: tx.eip155.gas ? BigInt(tx.eip155.gas) : undefined,
    })
    if (queued) {
      showSnack(portico, { message: errorMessage('transactionQueued'), variant: 'success' })
      if (queuedInBackground) {
        void followQueuedTransaction(portico, { adapter, caipNetwork, hash, connectorId })
        return { hash, queued }
      }
    }
    const receipt = await adapter.waitForTransaction?.({ hash, caipNetwork, ...(queued ? { queuedBy: connectorId } : {}) })
    if (receipt?.status === 'reverted') throw new PorticoError(errorMessage('transactionFailed'), { details: hash })
    return { hash: receipt?.hash ?? hash }
  }
  swap.setState({ submitError: undefined })
  try {
    const fromToken = state.from!.address.split(':').pop()!
    if (!isNativePlaceholder(fromToken)) {
      const allowance = await getSwapAllowanceFromApi(portico, { tokenAddress: state.from!.address, userAddress: user })
      if (allowance < amount) {
        swap.setState({ step: 'approve' })
        const approved = approval === 'unlimited' ? UNLIMITED : amount
        await send(await buildSwapApproveFromApi(portico, { from: state.from!.address, to: state.to!.address, amount: approved, userAddress: user }), false)
      }
    }
    swap.setState({ step: 'swap' })
    const { hash, queued } = await send(
      await buildSwapTransactionFromApi(portico, { from: state.from!.address, to: state.to!.address, amount, userAddress: user, slippage: state.slippage }),
      true,
    )
    swap.setState({ step: 'done' })
    if (queued) {
      reset(router, 'Account')
      return { hash, queued }
    }
    showSnack(portico, {
      message: { key: 'swap.swapped', params: { amount: state.fromAmount, from: state.from!.symbol, to: state.to!.symbol } },
      variant: 'success',
    })
    void fetchBalance(portico, activeNamespace, { force: true })
    // Activity lists the swap as soon as the server's index has it (not the 15 s cached page).
    void refreshActivity(portico, { hash })
    reset(router, 'Account')
    return { hash }
  } catch (cause) {
    raiseProviderAlert(portico, cause)
    const rejected = cause instanceof UserRejectedRequestError
    const message = rejected ? errorMessage('transactionRejected') : swapErrorMessage(cause)
    swap.setState({ step: undefined, submitError: keyOf(message) })
    showSnack(portico, { message: keyOf(message), variant: 'error' })
    throw cause instanceof PorticoError ? cause : new PorticoError(message, { cause })
  }
}
