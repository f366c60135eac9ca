import type { BitcoinIntention } from '../families/bip122.js'
import type { ApprovalContent, ApprovalRow, ApprovalSection, ApprovalWarning } from './approval.js'
import { sighashName, unusualSighashes, type DecodedPsbt, type SigningPlan } from './bitcoinPsbt.js'
import { formatDecimal, t } from './i18n/index.js'

/**
 * What a Bitcoin transaction does, in words, on the approval screen (issue 30): every input (address, amount,
 * whether it is the user's and signed now), every output (address, amount, change marked), the fee and fee rate,
 * and warnings for a sighash other than ALL/DEFAULT and for a high fee.
 */

/** A fee above this share of the amount sent to others (in percent) is warned of. */
export const HIGH_FEE_PERCENT = 10n
/** A fee above this (satoshis: 0.001 BTC) is warned of whatever the amount. */
export const HIGH_FEE_SATS = 100_000n

const SATS_PER_BTC = 100_000_000n

/** An amount in BTC with all 8 decimals that are not zero, in the frame's locale. */
export function btc(sats: bigint): string {
  const whole = sats / SATS_PER_BTC
  const fraction = (sats % SATS_PER_BTC).toString().padStart(8, '0').replace(/0+$/, '')
  return `${formatDecimal(fraction ? `${whole}.${fraction}` : String(whole))} BTC`
}

/** sat/vB with one decimal, rounded down. */
export function feeRateText(fee: bigint, vsize: number): string {
  const tenths = (fee * 10n) / BigInt(Math.max(1, vsize))
  return t('btc.feeRateValue', { rate: formatDecimal(`${tenths / 10n}.${tenths % 10n}`.replace(/\.0$/, '')) })
}

const accountName = (intention: BitcoinIntention) => t(intention === 'payment' ? 'btc.payment' : 'btc.ordinal')

/** Whether a fee is high: above HIGH_FEE_SATS, or above HIGH_FEE_PERCENT of what goes to others. */
export function isHighFee(fee: bigint, sent: bigint): boolean {
  return fee > HIGH_FEE_SATS || (sent > 0n && fee * 100n > sent * HIGH_FEE_PERCENT)
}

export interface PsbtScreen {
  title: string
  /** The network's label (approvalNetworks.ts). */
  network: string
  plan: readonly SigningPlan[]
}

/** The approval screen of a PSBT the wallet signs (signPsbt, sendTransfer). */
export function describePsbt(decoded: DecodedPsbt, screen: PsbtScreen): ApprovalContent {
  const signed = new Set(screen.plan.map((p) => p.index))
  const warnings: ApprovalWarning[] = []
  const sections: ApprovalSection[] = []

  for (const input of decoded.inputs) {
    const owner = input.owner ? t(signed.has(input.index) ? 'btc.yoursSigned' : 'btc.yours', { account: accountName(input.owner) }) : t('btc.notYours')
    const rows: ApprovalRow[] = [
      { label: t('btc.address'), value: input.address ?? t('btc.unknownScript'), mono: input.address !== undefined },
      { label: t('row.amount'), value: input.amount === undefined ? t('btc.unknownAmount') : btc(input.amount) },
      { label: t('btc.owner'), value: owner },
    ]
    if (input.sighashType !== undefined && signed.has(input.index)) rows.push({ label: t('btc.sighash'), value: sighashName(input.sighashType) })
    sections.push({ title: t('btc.input', { index: formatDecimal(BigInt(input.index + 1)) }), rows })
    if (input.amount === undefined) warnings.push({ level: 'caution', text: t('warn.btcUnknownFee', { index: formatDecimal(BigInt(input.index + 1)) }) })
  }
  if (decoded.inputs.some((i) => i.owner === 'ordinal' && signed.has(i.index))) warnings.push({ level: 'caution', text: t('warn.btcOrdinal') })

  for (const output of decoded.outputs) {
    const index = formatDecimal(BigInt(output.index + 1))
    const rows: ApprovalRow[] = [
      output.data
        ? { label: t('row.data'), value: t('btc.data') }
        : { label: t('btc.address'), value: output.address ?? t('btc.unknownScript'), mono: output.address !== undefined },
      { label: t('row.amount'), value: btc(output.amount) },
    ]
    if (output.owner) rows.push({ label: t('btc.owner'), value: t('btc.change', { account: accountName(output.owner) }) })
    sections.push({ title: t(output.owner ? 'btc.outputChange' : 'btc.output', { index }), rows })
  }

  for (const { index, sighashType } of unusualSighashes(decoded, screen.plan))
    warnings.unshift({ level: 'danger', text: t('warn.btcSighash', { index: formatDecimal(BigInt(index + 1)), sighash: sighashName(sighashType) }) })

  const sent = decoded.outputs.filter((o) => !o.owner).reduce((sum, o) => sum + o.amount, 0n)
  const rows: ApprovalRow[] = [
    { label: t('row.network'), value: screen.network, key: 'network' },
    { label: t('btc.sent'), value: btc(sent) },
  ]
  if (decoded.fee !== undefined) {
    rows.push({ label: t('btc.fee'), value: btc(decoded.fee) }, { label: t('btc.feeRate'), value: feeRateText(decoded.fee, decoded.vsize) })
    if (isHighFee(decoded.fee, sent))
      warnings.push({
        level: 'caution',
        text: t('warn.btcHighFee', { fee: btc(decoded.fee), percent: formatDecimal(HIGH_FEE_PERCENT), limit: btc(HIGH_FEE_SATS) }),
      })
  }
  return { title: screen.title, rows, sections, warnings }
}

/** The approval screen of a message signature. */
export function describeMessage(screen: { network: string; address: string; protocol: 'ecdsa' | 'bip322'; message: string }): ApprovalContent {
  return {
    title: t('sign.message'),
    rows: [
      { label: t('row.network'), value: screen.network, key: 'network' },
      { label: t('btc.address'), value: screen.address, mono: true },
      { label: t('btc.signatureFormat'), value: t(screen.protocol === 'ecdsa' ? 'btc.ecdsa' : 'btc.bip322') },
    ],
    body: { label: t('sign.messageLabel'), text: screen.message },
  }
}
