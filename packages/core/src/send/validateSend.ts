import { parseCaipNetworkId } from '../spec/caip.js'
import { ErrorText } from '../spec/catalogue.js'
import type { CaipNetwork } from '../networks.js'
import type { SendState } from '../stores/send.js'

/** SPEC §5: an EVM chain id must be below 2147483648 (2^31). */
export const MAX_EVM_CHAIN_ID = 2_147_483_648

/**
 * SPEC §5 'Send', in the spec's order and texts. Returns the first problem, or undefined
 * when the send may go ahead.
 */
export function validateSend(
  state: Pick<SendState, 'token' | 'sendTokenAmount' | 'receiverAddress'>,
  caipNetwork: CaipNetwork | undefined,
  supportedNamespaces: readonly string[],
): string | undefined {
  if (!state.sendTokenAmount || !state.receiverAddress) return ErrorText.amountAndReceiverRequired
  if (!state.token) return ErrorText.tokenRequired
  if (!caipNetwork || !supportedNamespaces.includes(caipNetwork.chainNamespace)) return ErrorText.unsupportedChain
  if (caipNetwork.chainNamespace === 'eip155' && Number(parseCaipNetworkId(caipNetwork.caipNetworkId).reference) >= MAX_EVM_CHAIN_ID)
    return ErrorText.invalidChainId
  if (!isNativeToken(state.token, caipNetwork) && !state.token.address) return ErrorText.tokenAddressRequired
  return undefined
}

/** A token without a contract address that carries the network's native symbol is the native currency. */
export function isNativeToken(token: { address?: string; symbol: string }, caipNetwork: CaipNetwork) {
  return !token.address && token.symbol === caipNetwork.nativeCurrency.symbol
}

/** ENSIP-11: the coin type of an EVM chain; SPEC §5 'Invalid chainId' at or above 2^31. */
export function evmChainIdToCoinType(chainId: number): number {
  if (chainId >= MAX_EVM_CHAIN_ID) throw new Error(ErrorText.invalidChainId)
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}
