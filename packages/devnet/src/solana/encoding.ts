/**
 * Byte encodings and the RPC's account shapes: base58/base64 binary, jsonParsed for SPL Token and
 * Token-2022 mints and accounts, and the JSON writer that keeps u64 values exact.
 */
import { getBase58Codec, getBase64Codec, type Address, type EncodedAccount, type ReadonlyUint8Array } from '@solana/kit'
import { getMintDecoder, getTokenDecoder } from '@solana-program/token'
import { RpcError, RPC_INVALID_REQUEST, invalidParams } from './errors'
import { SOLANA_TOKEN_2022_PROGRAM_ADDRESS, SOLANA_TOKEN_PROGRAM_ADDRESS } from './constants'

const base58 = getBase58Codec()
const base64 = getBase64Codec()

export const toBase58 = (bytes: ReadonlyUint8Array) => base58.decode(bytes)
export const toBase64 = (bytes: ReadonlyUint8Array) => base64.decode(bytes)

/** litesvm's getAccount and getProgramAccounts results alike. */
export type MaybeEncodedAccount = { exists: false; address: Address } | (EncodedAccount & { exists: true })

export function fromBase58(text: string): Uint8Array {
  return new Uint8Array(base58.encode(text))
}

const keyCache = new Map<string, Uint8Array>()
const nameCache = new Map<string, Address>()
const CACHE_LIMIT = 50_000

/**
 * A public key's 32 bytes, cached: the same few keys are read over and over, and decoding base58 costs
 * more than the read itself. Throws on text that is not base58; other lengths are returned, not cached.
 */
export function keyBytes(text: string): Uint8Array {
  let bytes = keyCache.get(text)
  if (bytes) return bytes
  bytes = fromBase58(text)
  if (bytes.length !== 32) return bytes
  if (keyCache.size >= CACHE_LIMIT) keyCache.clear()
  keyCache.set(text, bytes)
  return bytes
}

/** The reverse, for account owners (a handful of programs). */
export function keyName(bytes: Uint8Array): Address {
  const key = String.fromCharCode(...bytes)
  let name = nameCache.get(key)
  if (name) return name
  name = toBase58(bytes) as Address
  if (nameCache.size >= CACHE_LIMIT) nameCache.clear()
  nameCache.set(key, name)
  return name
}
export function fromBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw invalidParams('invalid base64 encoding: InvalidByte')
  return new Uint8Array(Buffer.from(text, 'base64'))
}

/** rent_epoch of every account since rent collection ended: u64::MAX. */
const RENT_EXEMPT_EPOCH = 18446744073709551615n
const TOKEN_PROGRAMS = new Set<string>([SOLANA_TOKEN_PROGRAM_ADDRESS, SOLANA_TOKEN_2022_PROGRAM_ADDRESS])
const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
/** Token-2022 puts the account type byte here when an account or mint has extensions. */
const ACCOUNT_TYPE_OFFSET = 165

export type AccountEncoding = 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed' | 'binary'

export interface AccountConfig {
  encoding?: AccountEncoding
  dataSlice?: { offset: number; length: number }
}

export type Lookup = (address: Address) => MaybeEncodedAccount

/** An account as getAccountInfo, getMultipleAccounts, getTokenAccountsByOwner and accountSubscribe give it. */
export function encodeAccount(account: MaybeEncodedAccount, config: AccountConfig, lookup: Lookup) {
  if (!account.exists) return null
  const encoding = config.encoding ?? 'binary'
  let data: unknown
  const parsed = encoding === 'jsonParsed' ? parseAccountData(account.programAddress, account.data, lookup) : null
  if (parsed) {
    data = { ...parsed, space: account.data.length }
  } else {
    let bytes = account.data
    if (config.dataSlice) bytes = bytes.slice(config.dataSlice.offset, config.dataSlice.offset + config.dataSlice.length)
    if (encoding === 'base58' || encoding === 'binary') {
      if (bytes.length > 128) {
        throw new RpcError(RPC_INVALID_REQUEST, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.')
      }
      data = encoding === 'binary' ? toBase58(bytes) : [toBase58(bytes), 'base58']
    } else if (encoding === 'base64' || encoding === 'jsonParsed') {
      data = [toBase64(bytes), 'base64']
    } else {
      throw invalidParams(`Invalid params: unsupported encoding: ${encoding}`)
    }
  }
  return {
    data,
    executable: account.executable,
    lamports: BigInt(account.lamports),
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(account.data.length),
  }
}

export interface UiTokenAmount {
  amount: string
  decimals: number
  uiAmount: number | null
  uiAmountString: string
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const scale = 10n ** BigInt(decimals)
  const whole = amount / scale
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : `${whole}`
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

export interface TokenAccountInfo {
  mint: Address
  owner: Address
  amount: bigint
  programAddress: Address
}

/** A token account's fields when `account` is one (owned by either token program, right size). */
export function readTokenAccount(account: MaybeEncodedAccount): TokenAccountInfo | null {
  if (!account.exists || !TOKEN_PROGRAMS.has(account.programAddress)) return null
  if (!isTokenAccountData(account.data)) return null
  const token = getTokenDecoder().decode(account.data)
  return { mint: token.mint, owner: token.owner, amount: token.amount, programAddress: account.programAddress }
}

export function readMint(account: MaybeEncodedAccount) {
  if (!account.exists || !TOKEN_PROGRAMS.has(account.programAddress) || isTokenAccountData(account.data)) return null
  if (account.data.length < MINT_SIZE) return null
  return getMintDecoder().decode(account.data)
}

function isTokenAccountData(data: ReadonlyUint8Array) {
  return data.length === TOKEN_ACCOUNT_SIZE || (data.length > TOKEN_ACCOUNT_SIZE && data[ACCOUNT_TYPE_OFFSET] === 2)
}

const optionValue = <T>(o: { __option: 'Some'; value: T } | { __option: 'None' }) => (o.__option === 'Some' ? o.value : null)

/** jsonParsed for the token programs' mints and accounts; null means "fall back to base64", as the RPC does. */
function parseAccountData(owner: Address, data: ReadonlyUint8Array, lookup: Lookup) {
  if (!TOKEN_PROGRAMS.has(owner)) return null
  const program = owner === SOLANA_TOKEN_2022_PROGRAM_ADDRESS ? 'spl-token-2022' : 'spl-token'
  const extensions = owner === SOLANA_TOKEN_2022_PROGRAM_ADDRESS ? parseExtensions(data) : undefined
  try {
    if (isTokenAccountData(data)) {
      const token = getTokenDecoder().decode(data)
      const mint = readMint(lookup(token.mint))
      if (!mint) return null
      const delegate = optionValue(token.delegate)
      const closeAuthority = optionValue(token.closeAuthority)
      const info: Record<string, unknown> = {
        isNative: token.isNative.__option === 'Some',
        mint: token.mint,
        owner: token.owner,
        state: ['uninitialized', 'initialized', 'frozen'][token.state],
        tokenAmount: uiTokenAmount(token.amount, mint.decimals),
      }
      if (delegate) Object.assign(info, { delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, mint.decimals) })
      if (closeAuthority) info.closeAuthority = closeAuthority
      if (extensions) info.extensions = extensions
      return { program, parsed: { info, type: 'account' } }
    }
    if (data.length >= MINT_SIZE) {
      const mint = getMintDecoder().decode(data)
      const info: Record<string, unknown> = {
        decimals: mint.decimals,
        freezeAuthority: optionValue(mint.freezeAuthority),
        isInitialized: mint.isInitialized,
        mintAuthority: optionValue(mint.mintAuthority),
        supply: mint.supply.toString(),
      }
      if (extensions) info.extensions = extensions
      return { program, parsed: { info, type: 'mint' } }
    }
  } catch {
    // Not a layout we know: the RPC answers such data in base64.
  }
  return null
}

/** Token-2022 extension names by type; only the ones without fields are spelled out in full. */
const EXTENSION_NAMES: Record<number, string> = {
  1: 'transferFeeConfig',
  2: 'transferFeeAmount',
  3: 'mintCloseAuthority',
  4: 'confidentialTransferMint',
  5: 'confidentialTransferAccount',
  6: 'defaultAccountState',
  7: 'immutableOwner',
  8: 'memoTransfer',
  9: 'nonTransferable',
  10: 'interestBearingConfig',
  11: 'cpiGuard',
  12: 'permanentDelegate',
  13: 'nonTransferableAccount',
  14: 'transferHook',
  15: 'transferHookAccount',
  18: 'metadataPointer',
  19: 'tokenMetadata',
}

function parseExtensions(data: ReadonlyUint8Array) {
  if (data.length <= ACCOUNT_TYPE_OFFSET + 1) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const extensions: { extension: string }[] = []
  for (let at = ACCOUNT_TYPE_OFFSET + 1; at + 4 <= data.length; ) {
    const type = view.getUint16(at, true)
    const length = view.getUint16(at + 2, true)
    if (type === 0) break
    extensions.push({ extension: EXTENSION_NAMES[type] ?? 'unparseableExtension' })
    at += 4 + length
  }
  return extensions
}

/** JSON with bigints written as plain numbers: u64 values (lamports, rentEpoch) stay exact, as in Agave's output. */
export function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `\u0000big:${v}` : v)).replace(/"\\u0000big:(-?\d+)"/g, '$1')
}
