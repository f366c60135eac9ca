import { parseCaipNetworkId } from '../spec/caip.js'
import { PorticoError } from '../errors/base.js'
import { errorMessage, type Problem } from '../i18n/message.js'
import type { CaipNetwork } from '../networks.js'
import type { SendState } from '../stores/send.js'

/** SPEC §5: an EVM chain id must be below 2147483648 (2^31). */
export const MAX_EVM_CHAIN_ID = 2_147_483_648

/** SPEC §5 'Send' problems: which one (`kind`, an ErrorText name) and how it reads (`key` error.<kind>). */
export type ValidateSendProblem = Problem<'amountAndReceiverRequired' | 'tokenRequired' | 'unsupportedChain' | 'invalidChainId' | 'tokenAddressRequired'>

const sendRuleProblem = (kind: ValidateSendProblem['kind']): ValidateSendProblem => ({ key: `error.${kind}`, kind })

/**
 * SPEC §5 'Send', in the spec's order and texts. Returns the first problem, or undefined
 * when the send may go ahead.
 */
export function validateSend(
  state: Pick<SendState, 'token' | 'sendTokenAmount' | 'receiverAddress'>,
  caipNetwork: CaipNetwork | undefined,
  supportedNamespaces: readonly string[],
): ValidateSendProblem | undefined {
  if (!state.sendTokenAmount || !state.receiverAddress) return sendRuleProblem('amountAndReceiverRequired')
  if (!state.token) return sendRuleProblem('tokenRequired')
  if (!caipNetwork || !supportedNamespaces.includes(caipNetwork.chainNamespace)) return sendRuleProblem('unsupportedChain')
  if (caipNetwork.chainNamespace === 'eip155' && Number(parseCaipNetworkId(caipNetwork.caipNetworkId).reference) >= MAX_EVM_CHAIN_ID)
    return sendRuleProblem('invalidChainId')
  if (!isNativeToken(state.token, caipNetwork) && !state.token.address) return sendRuleProblem('tokenAddressRequired')
  return undefined
}

/** A token without a contract address that carries the network's native symbol is the native currency. */
export function isNativeToken(token: { address?: string; symbol: string }, caipNetwork: CaipNetwork) {
  return !token.address && token.symbol === caipNetwork.nativeCurrency.symbol
}

/** ENSIP-11: the coin type of an EVM chain; SPEC §5 'Invalid chainId' at or above 2^31. */
export function evmChainIdToCoinType(chainId: number): number {
  if (chainId >= MAX_EVM_CHAIN_ID) throw new PorticoError(errorMessage('invalidChainId'))
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}
