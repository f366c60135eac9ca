import type { ApprovalContent, ApprovalRow, ApprovalSection, ApprovalWarning } from './approval.js'
import { checksum, short } from './approvalContent.js'
import type { NetworkLabel } from './approvalNetworks.js'
import { formatDecimal, t } from './i18n/index.js'
import { UNLIMITED_FROM } from './tokenCalls.js'

/**
 * What an eth_signTypedData_v4 request signs, in words: the domain and the message's fields as they
 * are signed, and warnings for permits, a domain of another chain and fields left out.
 */

export interface TypedField {
  name: string
  type: string
}

export interface TypedDataFacts {
  domain?: Record<string, unknown>
  /** Without EIP712Domain. */
  types: Record<string, readonly TypedField[]>
  primaryType: string
  message: Record<string, unknown>
}

/** At most this many message fields are listed; past it the raw message is shown too. */
export const MAX_TYPED_FIELDS = 60

function chainIdOf(value: unknown): bigint | undefined {
  try {
    return value === undefined || value === null || value === '' ? undefined : BigInt(value as string | number | bigint)
  } catch {
    return undefined
  }
}

function typedValue(type: string, value: unknown): { value: string; mono: boolean; max?: boolean } {
  if (type === 'address') return { value: typeof value === 'string' ? checksum(value) : String(value), mono: true }
  if (type.startsWith('bytes')) return { value: String(value), mono: true }
  if (/^u?int\d*$/.test(type)) {
    const n = chainIdOf(value)
    if (n === undefined) return { value: String(value), mono: false }
    const bits = BigInt(/\d+$/.exec(type)?.[0] ?? '256')
    // The largest value of its type: "no limit" (amounts) or "never" (deadlines), shown as such.
    const max = type.startsWith('u') && n === 2n ** bits - 1n
    return max ? { value: t('typed.maximum', { bits }), mono: false, max } : { value: String(n), mono: false }
  }
  if (type === 'bool') return { value: String(value === true || value === 'true'), mono: false }
  return { value: typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)), mono: false }
}

/** The message's fields as they are signed: following the types, in their order, nested paths dotted. */
export function typedFields(types: TypedDataFacts['types'], primaryType: string, message: unknown, limit = MAX_TYPED_FIELDS) {
  const rows: Array<ApprovalRow & { type: string; name: string; max?: boolean }> = []
  let total = 0
  const walk = (type: string, value: unknown, path: string, name: string, depth: number) => {
    if (total > 10 * limit) return // counted far enough to say how many are left out
    const array = /^(.*)\[(\d*)\]$/.exec(type)
    if (array) {
      const items = Array.isArray(value) ? value : []
      if (items.length === 0) {
        total++
        if (rows.length < limit) rows.push({ label: path, value: t('typed.emptyList'), type, name })
      }
      items.forEach((item, i) => walk(array[1]!, item, `${path}[${i}]`, name, depth + 1))
      return
    }
    const struct = types[type]
    if (struct && depth < 12) {
      for (const field of struct)
        walk(field.type, (value as Record<string, unknown> | undefined)?.[field.name], path ? `${path}.${field.name}` : field.name, field.name, depth + 1)
      return
    }
    total++
    if (rows.length < limit) rows.push({ label: path, ...typedValue(type, value), type, name })
  }
  walk(primaryType, message, '', '', 0)
  return { rows, total }
}

const PERMIT2_TYPES = new Set([
  'PermitSingle',
  'PermitBatch',
  'PermitTransferFrom',
  'PermitBatchTransferFrom',
  'PermitWitnessTransferFrom',
  'PermitBatchWitnessTransferFrom',
])

/** The approval screen's content for an eth_signTypedData_v4. */
export function describeTypedData(
  typed: TypedDataFacts,
  context: { chainId: number | string; network(chainId: number | string | bigint): NetworkLabel },
): ApprovalContent {
  const domain = typed.domain ?? {}
  const warnings: ApprovalWarning[] = []
  const domainChain = chainIdOf(domain.chainId)
  const current = chainIdOf(String(context.chainId).replace(/^eip155:/, ''))
  const contract = typeof domain.verifyingContract === 'string' ? checksum(domain.verifyingContract) : undefined
  const domainRows: ApprovalRow[] = [
    { label: t('typed.name'), value: typeof domain.name === 'string' ? domain.name : t('typed.notSet') },
    ...(domain.version !== undefined ? [{ label: t('typed.version'), value: String(domain.version) }] : []),
    { label: t('row.network'), value: domainChain === undefined ? t('typed.anyNetwork') : context.network(domainChain).label },
    { label: t('typed.verifyingContract'), value: contract ?? t('typed.notSet'), mono: contract !== undefined },
    ...(domain.salt !== undefined ? [{ label: t('typed.salt'), value: String(domain.salt), mono: true }] : []),
  ]
  if (domainChain !== undefined && current !== undefined && domainChain !== current)
    warnings.push({ level: 'danger', text: t('warn.wrongChain', { domain: context.network(domainChain).label, current: context.network(current).label }) })

  const { rows, total } = typedFields(typed.types, typed.primaryType, typed.message)
  const named = (...names: string[]) => rows.filter((row) => names.includes(row.name.toLowerCase()))
  const spender = named('spender', 'operator')[0]?.value
  const permit = typed.primaryType === 'Permit' || PERMIT2_TYPES.has(typed.primaryType)
  if (permit) {
    const amounts = named('value', 'amount')
    const unlimited =
      amounts.some((row) => row.max === true || (chainIdOf(row.value) ?? 0n) >= UNLIMITED_FROM) || named('allowed').some((row) => row.value === 'true')
    const who = spender ? short(spender) : t('warn.theSpender')
    const text =
      typed.primaryType === 'Permit'
        ? t(unlimited ? 'warn.permitUnlimited' : 'warn.permit', { spender: who, contract: contract ? short(contract) : t('warn.unnamedContract') })
        : t(unlimited ? 'warn.permit2Unlimited' : 'warn.permit2', { spender: who })
    warnings.push({ level: 'danger', text })
  }
  if (total > rows.length)
    warnings.push({
      level: 'caution',
      text:
        total > 10 * MAX_TYPED_FIELDS
          ? t('warn.fieldsMany', { count: formatDecimal(BigInt(10 * MAX_TYPED_FIELDS)), shown: formatDecimal(BigInt(rows.length)) })
          : t('warn.fields', { count: formatDecimal(BigInt(total)), shown: formatDecimal(BigInt(rows.length)) }),
    })

  const sections: ApprovalSection[] = [
    { title: t('typed.domain'), rows: domainRows },
    { title: t('typed.message', { type: typed.primaryType }), rows: rows.map(({ label, value, mono }) => ({ label, value, mono })) },
  ]
  return {
    title: t('typed.title'),
    rows: [{ label: t('typed.type'), value: typed.primaryType }],
    sections,
    warnings,
    body: total > rows.length ? { label: t('typed.rawMessage'), text: JSON.stringify(typed.message, null, 2) } : undefined,
  }
}
