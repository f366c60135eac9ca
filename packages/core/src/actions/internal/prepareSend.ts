import type { ChainAdapter, TransferParameters } from '../../adapter.js'
import type { TokenBalance } from '../../api/schemas.js'
import type { Portico } from '../../portico.js'
import { parseCaipAddress, type CaipAddress } from '../../spec/caip.js'
import { isNativeToken } from '../../send/validateSend.js'
import { getAccount } from '../../stores/account.js'
import { getActiveConnectorId } from '../../stores/connections.js'
import { parseUnits } from '../../utils/format.js'

/** The send form read once: the transfer the adapter is asked to send (or to price), and what it moves. */
export type PrepareSendReturnType = { adapter: ChainAdapter; transfer: TransferParameters; token: TokenBalance; native: boolean } | undefined
/** The typed amount is not a number of the token's decimals (parseUnits' error). */
export type PrepareSendErrorType = Error

/**
 * The one place the send form becomes a transfer: the typed amount is parsed to base units with
 * the token's decimals, a token with an address sends its contract (EVM) or mint (Solana), one
 * without the native currency; where the network offers fee rates, the chosen speed's. Undefined while the form, the account or the network is incomplete.
 * Sending (sendTokens) and the fee preview (estimateSendFee) both start here.
 */
export function prepareSend(portico: Portico): PrepareSendReturnType {
  const { token, sendTokenAmount, receiverAddress, feeRates, feeSpeed } = portico.stores.send.getState()
  const { caipNetwork } = portico.stores.network.getState()
  if (!token || !sendTokenAmount || !receiverAddress || !caipNetwork) return undefined
  const namespace = caipNetwork.chainNamespace
  const adapter = portico.adapters.get(namespace)
  const from = getAccount(portico, namespace).address
  const connectorId = getActiveConnectorId(portico, namespace)
  if (!adapter || !from || !connectorId) return undefined
  const native = isNativeToken(token, caipNetwork)
  const transfer: TransferParameters = {
    connectorId,
    caipNetwork,
    from,
    to: receiverAddress,
    amount: parseUnits(sendTokenAmount, Number(token.quantity.decimals)),
    tokenAddress: native ? undefined : parseCaipAddress(token.address as CaipAddress).address,
    // Only where the network offers a fee choice (Bitcoin): the chosen speed's rate.
    ...(feeRates ? { feeRate: feeRates[feeSpeed ?? 'normal'] } : {}),
  }
  return { adapter, transfer, token, native }
}
