import {
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  isHex,
  parseAbi,
  slice,
  toFunctionSelector,
  type Address,
  type Hex,
} from 'viem'

/**
 * The token calls the approval screen knows by name (approvalContent.ts says them in words): calldata
 * decoded, an allowance's size, a token's symbol and decimals read from the chain.
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
