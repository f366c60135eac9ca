import { decodeFunctionData, getAddress, isHex, parseAbi, type Address, type Hex } from 'viem'
import type { ApprovalContent, ApprovalRow, ApprovalWarning } from './approval.js'
import { maxFee, native, tokenAmount, type TransactionFacts } from './approvalContent.js'
import type { TokenInfo } from './tokenCalls.js'
import { t } from './i18n/index.js'

/** The Uniswap V2 router's exact-input swaps (what Portico's swaps and most V2 front ends send). */
const ROUTER_SWAPS = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

export interface SwapCall {
  kind: 'swap'
  /** Undefined when the native currency goes in (the transaction's value). */
  amountIn?: bigint
  amountOutMin: bigint
  path: Address[]
  recipient: Address
  deadline: bigint
  nativeIn: boolean
  nativeOut: boolean
}

/** A router swap, or undefined for any other call. */
export function decodeSwapCall(data: Hex | undefined): SwapCall | undefined {
  if (!data || !isHex(data) || data.length < 10) return undefined
  try {
    const { functionName, args } = decodeFunctionData({ abi: ROUTER_SWAPS, data })
    const a = args as readonly unknown[]
    if (functionName === 'swapExactETHForTokens')
      return {
        kind: 'swap',
        amountOutMin: a[0] as bigint,
        path: a[1] as Address[],
        recipient: a[2] as Address,
        deadline: a[3] as bigint,
        nativeIn: true,
        nativeOut: false,
      }
    return {
      kind: 'swap',
      amountIn: a[0] as bigint,
      amountOutMin: a[1] as bigint,
      path: a[2] as Address[],
      recipient: a[3] as Address,
      deadline: a[4] as bigint,
      nativeIn: false,
      nativeOut: functionName === 'swapExactTokensForETH',
    }
  } catch {
    return undefined
  }
}

/**
 * The approval screen of a swap: what goes in, the least that comes out, to whom, through which
 * router and until when. `tokens` are the path's first and last tokens as read from the chain.
 */
export function describeSwap(facts: TransactionFacts, call: SwapCall, tokens: { in?: TokenInfo; out?: TokenInfo }, now = Date.now()): ApprovalContent {
  const { network } = facts
  const pay = call.nativeIn ? native(facts.value, network) : tokenAmount(call.amountIn!, tokens.in)
  const receive = call.nativeOut ? native(call.amountOutMin, network) : tokenAmount(call.amountOutMin, tokens.out)
  const rows: ApprovalRow[] = [
    { label: t('row.network'), value: network.label, key: 'network' },
    { label: t('swap.pay'), value: pay },
    { label: t('swap.receive'), value: receive },
    { label: t('swap.recipient'), value: getAddress(call.recipient), mono: true },
    { label: t('swap.route'), value: call.path.map((a) => getAddress(a)).join(' → '), mono: true },
    { label: t('swap.router'), value: facts.to ? getAddress(facts.to) : '', mono: true },
    { label: t('row.maxFee'), value: maxFee(facts.fee, network), key: 'maxFee' },
  ]
  const warnings: ApprovalWarning[] = []
  if (getAddress(call.recipient) !== getAddress(facts.account))
    warnings.push({ level: 'danger', text: t('warn.swapRecipient', { recipient: `${call.recipient.slice(0, 6)}…${call.recipient.slice(-4)}` }) })
  if (call.amountOutMin === 0n) warnings.push({ level: 'danger', text: t('warn.noMinimum') })
  if (!call.nativeIn && facts.value > 0n) warnings.push({ level: 'caution', text: t('warn.swapAlsoSends', { amount: native(facts.value, network) }) })
  if (call.deadline * 1000n < BigInt(now)) warnings.push({ level: 'caution', text: t('warn.deadline') })
  return { title: t('swap.title'), rows, warnings, body: { label: t('row.rawData'), text: facts.data } }
}
