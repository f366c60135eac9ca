import type { Address, Hex } from 'viem'
import type { ApprovalContent, ApprovalRow, ApprovalSection, ApprovalWarning } from './approval.js'
import { describeTransaction, maxFee, native } from './approvalContent.js'
import { decodeCall, type TokenInfo } from './tokenCalls.js'
import { formatDecimal, t } from './i18n/index.js'
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

export function dataSize(data: Hex): string {
  const bytes = (data.length - 2) / 2
  return bytes === 0 ? t('calls.noData') : bytes === 1 ? t('calls.oneByte') : t('calls.bytes', { count: formatDecimal(BigInt(bytes)) })
}

export function describeCalls(facts: BatchFacts): ApprovalContent {
  const { network, calls } = facts
  const sections: ApprovalSection[] = []
  const warnings: ApprovalWarning[] = []
  const unknownNetwork = t('warn.unknownNetwork', { caip: network.caip })
  let total = 0n
  calls.forEach((call, i) => {
    const decoded = decodeCall(call.data)
    const one = describeTransaction(
      { account: facts.account, to: call.to, value: call.value, data: call.data, network, fee: { total: 0n, perGas: 0n }, token: call.token },
      decoded,
    )
    total += call.value
    // Rows the batch shows once, not per call: the network and the fee.
    const rows: ApprovalRow[] = one.rows.filter((row) => row.key !== 'network' && row.key !== 'maxFee')
    if (decoded.kind !== 'none') rows.push({ label: t('row.data'), value: dataSize(call.data) })
    const index = formatDecimal(BigInt(i + 1))
    sections.push({ title: t('calls.section', { index, count: formatDecimal(BigInt(calls.length)), title: one.title }), rows })
    for (const warning of one.warnings ?? []) {
      // The network warning is the same for every call: once is enough.
      if (warning.text === unknownNetwork && i > 0) continue
      warnings.push({ level: warning.level, text: t('calls.warning', { index, text: warning.text }) })
    }
  })
  const count = formatDecimal(BigInt(calls.length))
  const rows: ApprovalRow[] = [
    { label: t('row.network'), value: network.label, key: 'network' },
    { label: t('calls.calls'), value: t(facts.atomic ? 'calls.atomic' : 'calls.sequential', { count }) },
  ]
  if (total > 0n) rows.push({ label: t('calls.total'), value: native(total, network) })
  rows.push({ label: t('row.maxFee'), value: facts.fee ? maxFee(facts.fee, network) : t('calls.feeLater'), key: 'maxFee' })
  if (!facts.atomic && calls.length > 1) warnings.push({ level: 'caution', text: t('calls.notAtomic') })
  return { title: calls.length === 1 ? t('calls.titleOne') : t('calls.titleMany', { count }), rows, sections, warnings }
}
