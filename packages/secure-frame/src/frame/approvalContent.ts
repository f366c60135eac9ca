import { formatEther, formatGwei, formatUnits, getAddress, isAddress, type Address, type Hex } from 'viem'
import type { ApprovalContent, ApprovalRow, ApprovalWarning } from './approval.js'
import type { NetworkLabel } from './approvalNetworks.js'
import { formatDecimal, t } from './i18n/index.js'
import { allowanceSize, decodeCall, type DecodedCall, type TokenInfo } from './tokenCalls.js'

/**
 * What an eth_sendTransaction does, in words: the call decoded when it is one of the known token
 * calls (tokenCalls.ts), and warnings for what can cost the user their tokens. Typed data is said
 * in approvalTypedData.ts.
 */

/** In warnings: the full address is in the rows just below. */
export const short = (address: string) => (address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address)
export const checksum = (address: string) => (isAddress(address, { strict: false }) ? getAddress(address) : address)
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
export const native = (value: bigint, network: NetworkLabel) => `${formatDecimal(formatEther(value))} ${network.symbol ?? t('amount.native')}`
/** A max fee: the total in the native currency and the price per gas in gwei. */
export const maxFee = (fee: { total: bigint; perGas: bigint }, network: NetworkLabel) =>
  t('amount.fee', { amount: native(fee.total, network), gwei: formatDecimal(formatGwei(fee.perGas)) })

export function tokenAmount(amount: bigint, token: TokenInfo | undefined) {
  if (token?.decimals === undefined) return t('amount.raw', { amount: formatDecimal(amount) })
  return `${formatDecimal(formatUnits(amount, token.decimals))} ${token.symbol ?? t('amount.tokens')}`
}

export interface TransactionFacts {
  account: Address
  to?: Address
  value: bigint
  data: Hex
  network: NetworkLabel
  fee: { total: bigint; perGas: bigint }
  /** Symbol and decimals of `to`, read when the call is a token call. */
  token?: TokenInfo
}

/** The approval screen's content for an eth_sendTransaction. */
export function describeTransaction(facts: TransactionFacts, call: DecodedCall = decodeCall(facts.data)): ApprovalContent {
  const { network, token } = facts
  const to = facts.to ? checksum(facts.to) : undefined
  const rows: ApprovalRow[] = [{ label: t('row.network'), value: network.label, key: 'network' }]
  const warnings: ApprovalWarning[] = []
  const tokenName = token?.symbol ?? t('amount.tokens')
  let title = t('tx.send')

  if (!network.known) warnings.push({ level: 'caution', text: t('warn.unknownNetwork', { caip: network.caip }) })
  if (!to) {
    title = t('tx.deploy')
    warnings.push({ level: 'caution', text: t('warn.deploy') })
  } else
    switch (call.kind) {
      case 'none':
        rows.push({ label: t('row.to'), value: to, mono: true })
        break
      case 'transfer':
        title = t('tx.sendTokens')
        rows.push(
          { label: t('row.to'), value: checksum(call.to), mono: true },
          { label: t('row.amount'), value: tokenAmount(call.amount, token) },
          { label: t('row.tokenContract'), value: to, mono: true },
        )
        break
      case 'approve':
      case 'increaseAllowance': {
        const size = allowanceSize(call.amount, token?.decimals)
        const spender = checksum(call.spender)
        title = size === 'zero' && call.kind === 'approve' ? t('tx.removeAllowance') : t('tx.allowSpending')
        const amount =
          size === 'unlimited'
            ? t('tx.unlimited', { token: tokenName })
            : size === 'zero'
              ? t(call.kind === 'approve' ? 'tx.zeroRemoves' : 'tx.zeroNoChange')
              : tokenAmount(call.amount, token)
        rows.push(
          { label: t('row.spender'), value: spender, mono: true },
          { label: t(call.kind === 'approve' ? 'row.allowance' : 'row.raisesAllowance'), value: amount },
          { label: t('row.tokenContract'), value: to, mono: true },
        )
        if (size === 'unlimited') warnings.push({ level: 'danger', text: t('warn.unlimited', { spender: short(spender), token: tokenName }) })
        if (size === 'very large')
          warnings.push({ level: 'danger', text: t('warn.veryLarge', { spender: short(spender), amount: tokenAmount(call.amount, token) }) })
        break
      }
      case 'transferFrom': {
        title = t('tx.transferTokens')
        const from = checksum(call.from)
        rows.push(
          { label: t('row.from'), value: from, mono: true },
          { label: t('row.to'), value: checksum(call.to), mono: true },
          token?.decimals === undefined
            ? { label: t('row.amountOrTokenId'), value: String(call.amount) }
            : { label: t('row.amount'), value: tokenAmount(call.amount, token) },
          { label: t('row.tokenContract'), value: to, mono: true },
        )
        if (!same(from, facts.account)) warnings.push({ level: 'caution', text: t('warn.transferFromOther', { from: short(from) }) })
        break
      }
      case 'setApprovalForAll': {
        const operator = checksum(call.operator)
        title = t(call.approved ? 'tx.allowCollection' : 'tx.removeCollection')
        rows.push(
          { label: t('row.operator'), value: operator, mono: true },
          { label: t('row.access'), value: t(call.approved ? 'tx.everyItem' : 'tx.removed') },
          { label: t('row.collectionContract'), value: to, mono: true },
        )
        if (call.approved) warnings.push({ level: 'danger', text: t('warn.collectionWide', { operator: short(operator) }) })
        break
      }
      case 'safeTransferFrom':
        title = t('tx.transferNft')
        rows.push(
          { label: t('row.from'), value: checksum(call.from), mono: true },
          { label: t('row.to'), value: checksum(call.to), mono: true },
          { label: t('row.tokenId'), value: String(call.tokenId) },
          ...(call.amount !== undefined ? [{ label: t('row.amount'), value: formatDecimal(call.amount) }] : []),
          { label: t('row.collectionContract'), value: to, mono: true },
        )
        if (!same(call.from, facts.account)) warnings.push({ level: 'caution', text: t('warn.nftFromOther', { from: short(checksum(call.from)) }) })
        break
      case 'unknown':
        title = t('tx.contractCall')
        rows.push({ label: t('row.contract'), value: to, mono: true }, { label: t('row.function'), value: call.selector, mono: true })
        warnings.push(
          call.malformed
            ? { level: 'danger', text: t('warn.malformed', { selector: call.selector }) }
            : { level: 'caution', text: t('warn.unknownCall', { selector: call.selector }) },
        )
        break
    }
  if (call.kind !== 'none' && call.kind !== 'unknown' && !call.exact) warnings.push({ level: 'caution', text: t('warn.extraData') })

  if (facts.value > 0n || call.kind === 'none')
    rows.push({ label: t(call.kind === 'none' ? 'row.amount' : 'row.alsoSends'), value: native(facts.value, network) })
  if (call.kind !== 'none' && facts.value > 0n && call.kind !== 'unknown')
    warnings.push({ level: 'caution', text: t('warn.alsoSends', { amount: native(facts.value, network) }) })
  rows.push({ label: t('row.maxFee'), value: maxFee(facts.fee, network), key: 'maxFee' })
  return { title, rows, warnings, body: facts.data !== '0x' ? { label: t('row.rawData'), text: facts.data } : undefined }
}
