import { formatEther, formatGwei, type Address, type Hex } from 'viem'
import type { ApprovalContent, ApprovalRow, ApprovalSection, ApprovalWarning } from './approval.js'
import { decodeCall, describeTransaction, type TokenInfo } from './approvalContent.js'
import type { NetworkLabel } from './approvalNetworks.js'

/**
 * The ONE approval screen of a wallet_sendCalls batch (EIP-5792): every call listed in its own
 * section — to, value, the ERC-20 transfer/approve decoded where recognisable (through the same
 * decoder as eth_sendTransaction, so the same warnings), the data's size — and how the batch runs
 * (all or nothing for a smart account, one transaction after another for an EOA).
 */

export interface BatchCallFacts {
  to: Address
  value: bigint
  data: Hex
  /** Symbol and decimals of `to`, read when the call is a token call. */
  token?: TokenInfo
}

export interface BatchFacts {
  account: Address
  network: NetworkLabel
  calls: BatchCallFacts[]
  /** true: one UserOperation (smart account); false: one transaction per call. */
  atomic: boolean
  /** The most the batch may cost, when every call could be estimated up front. */
  fee?: { total: bigint; perGas: bigint }
}

/** Rows the batch shows once, not per call. */
const BATCH_LEVEL = new Set(['Network', 'Max fee'])

export function dataSize(data: Hex): string {
  const bytes = (data.length - 2) / 2
  return bytes === 0 ? 'none' : `${bytes} byte${bytes === 1 ? '' : 's'}`
}

export function describeCalls(facts: BatchFacts): ApprovalContent {
  const { network, calls } = facts
  const sections: ApprovalSection[] = []
  const warnings: ApprovalWarning[] = []
  let total = 0n
  calls.forEach((call, i) => {
    const decoded = decodeCall(call.data)
    const one = describeTransaction(
      { account: facts.account, to: call.to, value: call.value, data: call.data, network, fee: { total: 0n, perGas: 0n }, token: call.token },
      decoded,
    )
    total += call.value
    const rows: ApprovalRow[] = one.rows.filter((row) => !BATCH_LEVEL.has(row.label))
    if (decoded.kind !== 'none') rows.push({ label: 'Data', value: dataSize(call.data) })
    sections.push({ title: `Call ${i + 1} of ${calls.length}: ${one.title}`, rows })
    for (const warning of one.warnings ?? []) warnings.push({ level: warning.level, text: `Call ${i + 1}: ${warning.text}` })
  })
  // The network warning is the same for every call: once is enough.
  const seen = new Set<string>()
  const unique = warnings.filter((w) => {
    const key = w.text.replace(/^Call \d+: /, '')
    if (!key.startsWith('This wallet does not know')) return true
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  const symbol = network.symbol ?? '(native currency)'
  const rows: ApprovalRow[] = [
    { label: 'Network', value: network.label },
    { label: 'Calls', value: `${calls.length}, ${facts.atomic ? 'all or nothing, in one operation' : 'sent one after another (each is its own transaction)'}` },
  ]
  if (total > 0n) rows.push({ label: 'Sends in total', value: `${formatEther(total)} ${symbol}` })
  rows.push({
    label: 'Max fee',
    value: facts.fee ? `${formatEther(facts.fee.total)} ${symbol} (${formatGwei(facts.fee.perGas)} gwei)` : 'Estimated as each call is sent',
  })
  if (!facts.atomic && calls.length > 1) unique.push({ level: 'caution', text: 'Not atomic: if a later call fails, the calls before it stay done.' })
  return { title: `Approve ${calls.length} call${calls.length === 1 ? '' : 's'}`, rows, sections, warnings: unique }
}
