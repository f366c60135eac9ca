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
const native = (value: bigint, network: NetworkLabel) => `${formatEther(value)} ${network.symbol ?? '(native currency)'}`

function tokenAmount(amount: bigint, token: TokenInfo | undefined) {
  if (token?.decimals === undefined) return `${amount} (raw units: the token's decimals are unknown)`
  return `${formatUnits(amount, token.decimals)} ${token.symbol ?? 'tokens'}`
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
  const rows: ApprovalRow[] = [{ label: 'Network', value: network.label }]
  const warnings: ApprovalWarning[] = []
  const tokenName = token?.symbol ?? 'tokens'
  let title = 'Send'

  if (!network.known) warnings.push({ level: 'caution', text: `This wallet does not know ${network.caip}. Check that the site means this network.` })
  if (!to) {
    title = 'Deploy a contract'
    warnings.push({ level: 'caution', text: 'This creates a new contract from the data below.' })
  } else
    switch (call.kind) {
      case 'none':
        rows.push({ label: 'To', value: to, mono: true })
        break
      case 'transfer':
        title = 'Send tokens'
        rows.push(
          { label: 'To', value: checksum(call.to), mono: true },
          { label: 'Amount', value: tokenAmount(call.amount, token) },
          { label: 'Token contract', value: to, mono: true },
        )
        break
      case 'approve':
      case 'increaseAllowance': {
        const size = allowanceSize(call.amount, token?.decimals)
        const spender = checksum(call.spender)
        title = size === 'zero' && call.kind === 'approve' ? 'Remove token allowance' : 'Allow token spending'
        const amount =
          size === 'unlimited'
            ? `Unlimited ${tokenName}`
            : size === 'zero'
              ? `0 (${call.kind === 'approve' ? 'removes the allowance' : 'no change'})`
              : tokenAmount(call.amount, token)
        rows.push(
          { label: 'Spender', value: spender, mono: true },
          { label: call.kind === 'approve' ? 'Allowance' : 'Raises allowance by', value: amount },
          { label: 'Token contract', value: to, mono: true },
        )
        if (size === 'unlimited')
          warnings.push({
            level: 'danger',
            text: `Unlimited approval: ${short(spender)} can take all your ${tokenName} from this contract, now and later, until you revoke it.`,
          })
        if (size === 'very large')
          warnings.push({
            level: 'danger',
            text: `Very large approval: ${short(spender)} can take up to ${tokenAmount(call.amount, token)}, now and later, until you revoke it.`,
          })
        break
      }
      case 'transferFrom': {
        title = 'Transfer tokens'
        const from = checksum(call.from)
        rows.push(
          { label: 'From', value: from, mono: true },
          { label: 'To', value: checksum(call.to), mono: true },
          token?.decimals === undefined
            ? { label: 'Amount or token ID', value: String(call.amount) }
            : { label: 'Amount', value: tokenAmount(call.amount, token) },
          { label: 'Token contract', value: to, mono: true },
        )
        if (!same(from, facts.account))
          warnings.push({ level: 'caution', text: `This moves tokens of another account (${short(from)}), using an allowance it gave you.` })
        break
      }
      case 'setApprovalForAll': {
        const operator = checksum(call.operator)
        title = call.approved ? 'Allow access to a whole collection' : 'Remove collection access'
        rows.push(
          { label: 'Operator', value: operator, mono: true },
          { label: 'Access', value: call.approved ? 'Every item you own in this collection' : 'Removed' },
          { label: 'Collection contract', value: to, mono: true },
        )
        if (call.approved)
          warnings.push({
            level: 'danger',
            text: `Collection-wide approval: ${short(operator)} can take every item you own in this collection, now and later, until you revoke it.`,
          })
        break
      }
      case 'safeTransferFrom':
        title = 'Transfer an NFT'
        rows.push(
          { label: 'From', value: checksum(call.from), mono: true },
          { label: 'To', value: checksum(call.to), mono: true },
          { label: 'Token ID', value: String(call.tokenId) },
          ...(call.amount !== undefined ? [{ label: 'Amount', value: String(call.amount) }] : []),
          { label: 'Collection contract', value: to, mono: true },
        )
        if (!same(call.from, facts.account))
          warnings.push({ level: 'caution', text: `This moves an item of another account (${short(checksum(call.from))}), using an approval it gave you.` })
        break
      case 'unknown':
        title = 'Contract call'
        rows.push({ label: 'Contract', value: to, mono: true }, { label: 'Function', value: call.selector, mono: true })
        warnings.push(
          call.malformed
            ? { level: 'danger', text: `The data looks like a token call (${call.selector}) but does not decode. Do not approve unless you know why.` }
            : {
                level: 'caution',
                text: `Unknown contract call: this wallet cannot tell what function ${call.selector} does. Approve only if you trust this site.`,
              },
        )
        break
    }
  if (call.kind !== 'none' && call.kind !== 'unknown' && !call.exact)
    warnings.push({ level: 'caution', text: 'The call carries extra data after its arguments, which is not shown above.' })

  if (facts.value > 0n || call.kind === 'none') rows.push({ label: call.kind === 'none' ? 'Amount' : 'Also sends', value: native(facts.value, network) })
  if (call.kind !== 'none' && facts.value > 0n && call.kind !== 'unknown')
    warnings.push({ level: 'caution', text: `This token call also sends ${native(facts.value, network)}.` })
  rows.push({ label: 'Max fee', value: `${native(facts.fee.total, network)} (${formatGwei(facts.fee.perGas)} gwei)` })
  return { title, rows, warnings, body: facts.data !== '0x' ? { label: 'Raw data', text: facts.data } : undefined }
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

function typedValue(type: string, value: unknown): { value: string; mono: boolean } {
  if (type === 'address') return { value: typeof value === 'string' ? checksum(value) : String(value), mono: true }
  if (type.startsWith('bytes')) return { value: String(value), mono: true }
  if (/^u?int\d*$/.test(type)) {
    const n = chainIdOf(value)
    if (n === undefined) return { value: String(value), mono: false }
    const bits = BigInt(/\d+$/.exec(type)?.[0] ?? '256')
    // The largest value of its type: "no limit" (amounts) or "never" (deadlines), shown as such.
    const max = type.startsWith('u') && n === 2n ** bits - 1n
    return { value: max ? `Maximum (2^${bits} − 1)` : String(n), mono: false }
  }
  if (type === 'bool') return { value: String(value === true || value === 'true'), mono: false }
  return { value: typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)), mono: false }
}

/** The message's fields as they are signed: following the types, in their order, nested paths dotted. */
export function typedFields(types: TypedDataFacts['types'], primaryType: string, message: unknown, limit = MAX_TYPED_FIELDS) {
  const rows: Array<ApprovalRow & { type: string; name: string }> = []
  let total = 0
  const walk = (type: string, value: unknown, path: string, name: string, depth: number) => {
    if (total > 10 * limit) return // counted far enough to say how many are left out
    const array = /^(.*)\[(\d*)\]$/.exec(type)
    if (array) {
      const items = Array.isArray(value) ? value : []
      if (items.length === 0) {
        total++
        if (rows.length < limit) rows.push({ label: path, value: '(empty list)', type, name })
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
    { label: 'Name', value: typeof domain.name === 'string' ? domain.name : '(not set)' },
    ...(domain.version !== undefined ? [{ label: 'Version', value: String(domain.version) }] : []),
    { label: 'Network', value: domainChain === undefined ? '(not set: valid on any network)' : context.network(domainChain).label },
    { label: 'Verifying contract', value: contract ?? '(not set)', mono: contract !== undefined },
    ...(domain.salt !== undefined ? [{ label: 'Salt', value: String(domain.salt), mono: true }] : []),
  ]
  if (domainChain !== undefined && current !== undefined && domainChain !== current)
    warnings.push({
      level: 'danger',
      text: `This signature is for ${context.network(domainChain).label}, not the network you are on (${context.network(current).label}).`,
    })

  const { rows, total } = typedFields(typed.types, typed.primaryType, typed.message)
  const named = (...names: string[]) => rows.filter((row) => names.includes(row.name.toLowerCase()))
  const spender = named('spender', 'operator')[0]?.value
  const permit = typed.primaryType === 'Permit' || PERMIT2_TYPES.has(typed.primaryType)
  if (permit) {
    const amounts = named('value', 'amount')
    const unlimited =
      amounts.some((row) => row.value.startsWith('Maximum') || (chainIdOf(row.value) ?? 0n) >= UNLIMITED_FROM) ||
      named('allowed').some((row) => row.value === 'true')
    const whose = typed.primaryType === 'Permit' ? `the token at ${contract ? short(contract) : 'an unnamed contract'}` : 'your tokens (through Permit2)'
    warnings.push({
      level: 'danger',
      text: `${unlimited ? 'Unlimited token permit' : 'Token permit'}: this signature lets ${spender ? short(spender) : 'the spender'} spend ${unlimited ? 'all of ' : ''}${whose} without another approval from you.`,
    })
  }
  if (total > rows.length)
    warnings.push({
      level: 'caution',
      text: `The message has ${total > 10 * MAX_TYPED_FIELDS ? `more than ${10 * MAX_TYPED_FIELDS}` : total} fields; the first ${rows.length} are listed, the rest is in the raw message below.`,
    })

  const sections: ApprovalSection[] = [
    { title: 'Domain', rows: domainRows },
    { title: `Message · ${typed.primaryType}`, rows: rows.map(({ label, value, mono }) => ({ label, value, mono })) },
  ]
  return {
    title: 'Sign typed data',
    rows: [{ label: 'Type', value: typed.primaryType }],
    sections,
    warnings,
    body: total > rows.length ? { label: 'Raw message', text: JSON.stringify(typed.message, null, 2) } : undefined,
  }
}
