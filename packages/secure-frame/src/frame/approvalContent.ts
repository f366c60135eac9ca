import {
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  formatGwei,
  formatUnits,
  getAddress,
  isAddress,
  isHex,
  parseAbi,
  slice,
  toFunctionSelector,
  type Address,
  type Hex,
} from 'viem'
import type { ApprovalContent, ApprovalRow, ApprovalSection, ApprovalWarning } from './approval.js'
import type { NetworkLabel } from './approvalNetworks.js'
import { formatDecimal, t } from './i18n/index.js'

/**
 * What an eth_sendTransaction or an eth_signTypedData_v4 request does, in words: the call decoded
 * when it is one of the token calls below, the typed data's domain and fields as they are signed,
 * and warnings for what can cost the user their tokens.
 */

/** ERC-20 calls, and the ERC-721/1155 ones (approve and transferFrom share their shapes with ERC-20). */
export const KNOWN_CALLS = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
])

const SELECTORS = new Set(KNOWN_CALLS.map((item) => toFunctionSelector(item)))

export type DecodedCall =
  | { kind: 'none' }
  | { kind: 'unknown'; selector: Hex; malformed: boolean }
  | ({ selector: Hex; exact: boolean } & (
      | { kind: 'transfer'; to: Address; amount: bigint }
      | { kind: 'approve' | 'increaseAllowance'; spender: Address; amount: bigint }
      | { kind: 'transferFrom'; from: Address; to: Address; amount: bigint }
      | { kind: 'setApprovalForAll'; operator: Address; approved: boolean }
      | { kind: 'safeTransferFrom'; from: Address; to: Address; tokenId: bigint; amount?: bigint }
    ))

/** Decodes calldata of the known token calls; anything else is 'unknown' with its selector. */
export function decodeCall(data: Hex | undefined): DecodedCall {
  if (!data || data === '0x') return { kind: 'none' }
  if (!isHex(data) || data.length < 10) return { kind: 'unknown', selector: (isHex(data) ? data : '0x') as Hex, malformed: true }
  const selector = slice(data, 0, 4).toLowerCase() as Hex
  if (!SELECTORS.has(selector)) return { kind: 'unknown', selector, malformed: false }
  try {
    const { functionName, args } = decodeFunctionData({ abi: KNOWN_CALLS, data })
    // Bytes after the arguments are not read by a standard token, but are not what was shown either.
    const exact = encodeFunctionData({ abi: KNOWN_CALLS, functionName, args } as never).toLowerCase() === data.toLowerCase()
    const a = args as readonly unknown[]
    const base = { selector, exact }
    switch (functionName) {
      case 'transfer':
        return { ...base, kind: 'transfer', to: a[0] as Address, amount: a[1] as bigint }
      case 'approve':
      case 'increaseAllowance':
        return { ...base, kind: functionName, spender: a[0] as Address, amount: a[1] as bigint }
      case 'transferFrom':
        return { ...base, kind: 'transferFrom', from: a[0] as Address, to: a[1] as Address, amount: a[2] as bigint }
      case 'setApprovalForAll':
        return { ...base, kind: 'setApprovalForAll', operator: a[0] as Address, approved: a[1] as boolean }
      case 'safeTransferFrom':
        return {
          ...base,
          kind: 'safeTransferFrom',
          from: a[0] as Address,
          to: a[1] as Address,
          tokenId: a[2] as bigint,
          amount: a.length === 5 ? (a[3] as bigint) : undefined,
        }
    }
  } catch {
    // A known selector whose arguments do not decode.
  }
  return { kind: 'unknown', selector, malformed: true }
}

/** 2^128 and more: max uint256, Permit2's max uint160 and other "infinite" values. No token has that many units. */
export const UNLIMITED_FROM = 2n ** 128n
/** A billion whole tokens or more (by the token's decimals; 18 when they are unknown). */
const VERY_LARGE_TOKENS = 10n ** 9n

export type AllowanceSize = 'zero' | 'normal' | 'very large' | 'unlimited'

export function allowanceSize(amount: bigint, decimals?: number): AllowanceSize {
  if (amount === 0n) return 'zero'
  if (amount >= UNLIMITED_FROM) return 'unlimited'
  if (amount >= VERY_LARGE_TOKENS * 10n ** BigInt(decimals ?? 18)) return 'very large'
  return 'normal'
}

export interface TokenInfo {
  symbol?: string
  decimals?: number
}

/**
 * Reads an ERC-20's symbol and decimals (best effort, a few seconds at most). Anything may answer
 * here, so the symbol is only a hint: the contract address is always shown beside it.
 */
export async function readTokenInfo(call: (method: string, params: unknown[]) => Promise<unknown>, token: Address, timeoutMs = 3000): Promise<TokenInfo> {
  const read = async (functionName: 'symbol' | 'decimals'): Promise<unknown> => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName })
    const result = (await call('eth_call', [{ to: token, data }, 'latest'])) as Hex
    return decodeFunctionResult({ abi: erc20Abi, functionName, data: result } as never)
  }
  const within = <T>(promise: Promise<T>) => Promise.race([promise.catch(() => undefined), new Promise<undefined>((resolve) => setTimeout(resolve, timeoutMs))])
  const [symbol, decimals] = await Promise.all([within(read('symbol')), within(read('decimals'))])
  return {
    symbol: typeof symbol === 'string' && symbol.length > 0 ? symbol.slice(0, 24) : undefined,
    decimals: typeof decimals === 'number' && decimals <= 36 ? decimals : undefined,
  }
}

/** In warnings: the full address is in the rows just below. */
const short = (address: string) => (address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address)
const checksum = (address: string) => (isAddress(address, { strict: false }) ? getAddress(address) : address)
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
