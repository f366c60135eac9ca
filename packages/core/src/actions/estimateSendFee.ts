import { parseCaipAddress, type CaipAddress } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { isNativeToken } from '../send/validateSend.js'
import { formatUnits, parseUnits } from '../utils/format.js'
import { getAccount, getActiveConnectorId } from './getters.js'

/** The network fee of the prepared send, for the preview. Leaves `fee` unset when it cannot be estimated. */
export async function estimateSendFee(portico: Portico) {
  const { send, network } = portico.stores
  const { token, sendTokenAmount, receiverAddress } = send.getState()
  const { caipNetwork } = network.getState()
  if (!token || !sendTokenAmount || !receiverAddress || !caipNetwork) return
  const adapter = portico.adapters.get(caipNetwork.chainNamespace)
  const from = getAccount(portico, caipNetwork.chainNamespace).address
  const connectorId = getActiveConnectorId(portico, caipNetwork.chainNamespace)
  if (!adapter?.estimateTransferFee || !from || !connectorId) return
  try {
    const fee = await adapter.estimateTransferFee({
      connectorId,
      caipNetwork,
      from,
      to: receiverAddress,
      amount: parseUnits(sendTokenAmount, Number(token.quantity.decimals)),
      tokenAddress: isNativeToken(token, caipNetwork) ? undefined : parseCaipAddress(token.address as CaipAddress).address,
    })
    const amount = formatUnits(BigInt(fee.value), fee.decimals)
    const nativePrice = send.getState().tokenBalances.find((t) => isNativeToken(t, caipNetwork))?.price
    send.setState({ fee: { amount, symbol: fee.symbol, usd: nativePrice === undefined ? undefined : Number(amount) * nativePrice } })
  } catch (error) {
    portico.logger.debug('fee estimate failed', error)
    send.setState({ fee: undefined })
  }
}
