import type { TokenBalance } from '../api/schemas.js'
import type { CaipNetwork } from '../networks.js'
import type { ReceiverProblem, SendState } from '../stores/send.js'
import { formatUnits, parseUnits } from '../utils/format.js'
import { isNativeToken, validateSend, type ValidateSendProblem } from './validateSend.js'
import { chainFamily } from '../spec/families/index.js'
import type { Problem } from '../i18n/message.js'
import type { MessageParams } from '../i18n/translate.js'
import { SendFormText } from '../spec/sendFormText.js'

export { SendFormText }

/**
 * What stops a send: which problem (`kind`, for decisions) and how it reads (`key`, `params`; render it
 * with `translate` of `@portico/core/i18n`, or `t(key, params)` in the modal). The kinds: a SendFormText
 * name, one of SPEC §5's (validateSend), or the receiver field's ('invalidAddress', 'errorResolvingName').
 */
export type SendProblem = Problem<keyof typeof SendFormText> | ValidateSendProblem | ReceiverProblem
export type SendProblemKind = SendProblem['kind']

const sendFormProblem = (kind: keyof typeof SendFormText, params?: MessageParams): SendProblem =>
  params ? { key: `sendForm.${kind}`, kind, params } : { key: `sendForm.${kind}`, kind }

/** The receiver is neither an address of the active chain family (SPEC §5) nor a name: 'Invalid address'. */
export const invalidAddressProblem: ReceiverProblem = { key: 'sendForm.invalidAddress', kind: 'invalidAddress' }

/** A name could not be resolved: the name service's own words when it gave some, else 'Error resolving name'. */
export function resolveNameProblem(reason?: string): ReceiverProblem {
  return reason
    ? { key: 'error.external', kind: 'errorResolvingName', params: { text: reason } }
    : { key: 'error.errorResolvingName', kind: 'errorResolvingName' }
}

/** Problems the user has to correct (shown as an error), as opposed to input still missing. */
const inputErrors: ReadonlySet<SendProblemKind> = new Set<SendProblemKind>(['insufficientBalance', 'invalidAddress', 'belowRentExemptMinimum', 'belowDust'])

function baseUnits(amount: string, token: TokenBalance): bigint | undefined {
  try {
    return parseUnits(amount, Number(token.quantity.decimals))
  } catch {
    return undefined
  }
}

/**
 * A problem the user has to correct (shown as an error), as opposed to input still missing:
 * too large an amount, a receiver that is not an address, SOL below a new account's minimum, BTC below the dust limit.
 */
export function isSendInputError(problem: SendProblem | undefined): boolean {
  return problem !== undefined && inputErrors.has(problem.kind)
}

/** The amount is more than the token balance. */
export function isInsufficientBalance(token: TokenBalance | undefined, amount: string | undefined): boolean {
  if (!token || !amount) return false
  const wanted = baseUnits(amount, token)
  const held = baseUnits(token.quantity.numeric, token)
  return wanted !== undefined && held !== undefined && wanted > held
}

/**
 * The Max button: the full token balance; for the native currency minus the network fee when
 * an estimate is known (so the send can pay for itself).
 */
export function getMaxSendAmount(token: TokenBalance, caipNetwork: CaipNetwork | undefined, fee: SendState['fee']): string {
  const decimals = Number(token.quantity.decimals)
  const held = baseUnits(token.quantity.numeric, token) ?? 0n
  if (!caipNetwork || !fee || !isNativeToken(token, caipNetwork)) return formatUnits(held, decimals)
  let cost = 0n
  try {
    cost = parseUnits(fee.amount, decimals)
  } catch {
    cost = 0n
  }
  return formatUnits(held > cost ? held - cost : 0n, decimals)
}

/** The USD equivalent of the typed amount, when the token has a price. */
export function sendAmountInUsd(token: TokenBalance | undefined, amount: string | undefined): number | undefined {
  if (!token || !amount || !token.price) return undefined
  const value = Number(amount)
  return Number.isFinite(value) ? value * token.price : undefined
}

/**
 * The first reason the send cannot continue, as the form shows it: a too-large amount first
 * (it shows while typing), then the receiver field's problem, then SPEC §5 'Send' in the spec's
 * order and texts, then a malformed amount. Undefined when the send may go ahead.
 */
export function getSendProblem(
  state: Pick<SendState, 'token' | 'sendTokenAmount' | 'receiverAddress'> & Partial<Pick<SendState, 'receiverError' | 'receiverIsNew'>>,
  caipNetwork: CaipNetwork | undefined,
  supportedNamespaces: readonly string[],
): SendProblem | undefined {
  if (isInsufficientBalance(state.token, state.sendTokenAmount)) return sendFormProblem('insufficientBalance')
  if (state.receiverError && !state.receiverAddress) return state.receiverError
  const invalid = validateSend(state, caipNetwork, supportedNamespaces)
  if (invalid) return invalid
  const amount = baseUnits(state.sendTokenAmount!, state.token!)
  if (amount === undefined || amount === 0n) return sendFormProblem('invalidAmount')
  const belowRent = belowRentExemptMinimum(state.token!, amount, state.receiverIsNew, caipNetwork!)
  if (belowRent) return belowRent
  return belowDust(state.token!, amount, caipNetwork!)
}

/** Where the family has a dust limit (Bitcoin), the native coin sent must reach it, or no node relays the transfer. */
function belowDust(token: TokenBalance, amount: bigint, caipNetwork: CaipNetwork): SendProblem | undefined {
  const limit = chainFamily(caipNetwork.chainNamespace)?.dustLimit
  if (limit === undefined || !isNativeToken(token, caipNetwork) || amount >= limit) return undefined
  return sendFormProblem('belowDust', { 0: formatUnits(limit, caipNetwork.nativeCurrency.decimals), 1: caipNetwork.nativeCurrency.symbol })
}

/**
 * Where the family asks for one (Solana's rent-exempt minimum, `receiverRent`), the native coin
 * sent to an address without an account must reach it, or the chain refuses the transfer. Tokens
 * go to the receiver's token account, which the sender pays for.
 */
export function belowRentExemptMinimum(token: TokenBalance, amount: bigint, receiverIsNew: boolean | undefined, caipNetwork: CaipNetwork) {
  const minimum = chainFamily(caipNetwork.chainNamespace)?.receiverRent
  if (minimum === undefined || !receiverIsNew || !isNativeToken(token, caipNetwork)) return undefined
  if (amount >= minimum) return undefined
  return sendFormProblem('belowRentExemptMinimum', {
    0: formatUnits(minimum, caipNetwork.nativeCurrency.decimals),
    1: caipNetwork.nativeCurrency.symbol,
  })
}
