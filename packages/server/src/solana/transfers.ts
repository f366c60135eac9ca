import { z } from 'zod'
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM, TOKEN_PROGRAMS } from './programs.js'
import { base58Bytes } from './signature.js'
import { U64 } from './rpc.js'

/**
 * Turns a Solana transaction (getTransaction, jsonParsed) into the transfers the history shows:
 * SOL moved by the System program's Transfer, SPL tokens moved by Transfer / TransferChecked and
 * minted by MintTo / MintToChecked on either token program, in top-level and inner instructions.
 * Instructions arrive parsed (a validator's jsonParsed) or raw (programId, accounts, base58 data);
 * both are read. Token accounts are named by their owners, known from the transaction's token
 * balances or from an associated-token-account creation in the same transaction.
 */

const Instruction = z.object({
  programId: z.string(),
  parsed: z.unknown().optional(),
  accounts: z.array(z.string()).optional(),
  data: z.string().optional(),
})
type Instruction = z.infer<typeof Instruction>

const TokenBalance = z.object({
  accountIndex: z.number().int().nonnegative(),
  mint: z.string(),
  owner: z.string().optional(),
  uiTokenAmount: z.object({ decimals: z.number().int().min(0).max(255) }),
})

export const TransactionAnswer = z
  .object({
    slot: U64,
    blockTime: z.number().int().nullable().optional(),
    transaction: z.object({
      signatures: z.array(z.string()).min(1),
      message: z.object({
        accountKeys: z.array(z.union([z.string(), z.object({ pubkey: z.string() })])).min(1),
        instructions: z.array(Instruction),
      }),
    }),
    meta: z
      .object({
        err: z.unknown().optional(),
        fee: U64,
        preTokenBalances: z.array(TokenBalance).nullish(),
        postTokenBalances: z.array(TokenBalance).nullish(),
        innerInstructions: z.array(z.object({ index: z.number(), instructions: z.array(Instruction) })).nullish(),
      })
      .nullable(),
  })
  .nullable()
export type SolanaTransaction = NonNullable<z.infer<typeof TransactionAnswer>>

/** The sender of a mint in the history: the System program's all-ones address, Solana's 'zero address'. */
export const MINT_SOURCE = SYSTEM_PROGRAM

export interface SolanaTransfer {
  kind: 'native' | 'spl'
  /** The mint; null for SOL. */
  token: string | null
  /** Owners (wallet addresses), not token accounts, wherever the transaction tells them. */
  from: string
  to: string
  amount: bigint
}

export interface ParsedSolanaTransaction {
  signature: string
  slot: bigint
  blockTime: number | null
  feePayer: string
  fee: bigint
  failed: boolean
  transfers: SolanaTransfer[]
  /** Decimals of the mints the transaction touched (from its token balances and checked instructions). */
  decimals: Map<string, number>
}

/** One instruction as a uniform record: its kind and the accounts and amounts that matter. */
type Step =
  | { type: 'sol'; from: string; to: string; amount: bigint }
  | { type: 'token'; source: string; destination: string; authority: string; mint?: string; amount: bigint; decimals?: number }
  | { type: 'mint'; mint: string; account: string; amount: bigint; decimals?: number }
  | { type: 'ata'; account: string; wallet: string; mint: string }

const Info = z.record(z.string(), z.unknown())
const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
const amountOf = (v: unknown): bigint | undefined => {
  const text = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : str(v)
  return text && /^\d+$/.test(text) ? BigInt(text) : undefined
}

function fromParsed(ix: Instruction): Step | undefined {
  const parsed = z.object({ type: z.string(), info: Info }).safeParse(ix.parsed)
  if (!parsed.success) return undefined
  const { type, info } = parsed.data
  const tokenAmount = Info.safeParse(info.tokenAmount).data
  const amount = amountOf(info.amount) ?? amountOf(tokenAmount?.amount)
  const decimals = typeof tokenAmount?.decimals === 'number' ? tokenAmount.decimals : undefined
  if (ix.programId === SYSTEM_PROGRAM && type === 'transfer') {
    const lamports = amountOf(info.lamports)
    const from = str(info.source)
    const to = str(info.destination)
    return from && to && lamports !== undefined ? { type: 'sol', from, to, amount: lamports } : undefined
  }
  if (TOKEN_PROGRAMS.includes(ix.programId)) {
    const source = str(info.source)
    const destination = str(info.destination)
    const authority = str(info.authority) ?? str(info.multisigAuthority) ?? ''
    if ((type === 'transfer' || type === 'transferChecked') && source && destination && amount !== undefined)
      return { type: 'token', source, destination, authority, mint: str(info.mint), amount, decimals }
    const mint = str(info.mint)
    const account = str(info.account)
    if ((type === 'mintTo' || type === 'mintToChecked') && mint && account && amount !== undefined) return { type: 'mint', mint, account, amount, decimals }
  }
  if (ix.programId === ASSOCIATED_TOKEN_PROGRAM && (type === 'create' || type === 'createIdempotent')) {
    const account = str(info.account)
    const wallet = str(info.wallet)
    const mint = str(info.mint)
    return account && wallet && mint ? { type: 'ata', account, wallet, mint } : undefined
  }
  return undefined
}

const u64At = (bytes: Uint8Array, offset: number) => new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(offset, true)

function fromRaw(ix: Instruction): Step | undefined {
  const accounts = ix.accounts ?? []
  const data = ix.data === undefined ? undefined : ix.data === '' ? new Uint8Array() : base58Bytes(ix.data, -1)
  if (!data) return undefined
  if (ix.programId === SYSTEM_PROGRAM) {
    if (data.length >= 12 && new DataView(data.buffer, data.byteOffset).getUint32(0, true) === 2 && accounts.length >= 2)
      return { type: 'sol', from: accounts[0]!, to: accounts[1]!, amount: u64At(data, 4) }
    return undefined
  }
  if (TOKEN_PROGRAMS.includes(ix.programId)) {
    const [tag] = data
    if (tag === 3 && data.length >= 9 && accounts.length >= 3)
      return { type: 'token', source: accounts[0]!, destination: accounts[1]!, authority: accounts[2]!, amount: u64At(data, 1) }
    if (tag === 12 && data.length >= 10 && accounts.length >= 4)
      return {
        type: 'token',
        source: accounts[0]!,
        mint: accounts[1]!,
        destination: accounts[2]!,
        authority: accounts[3]!,
        amount: u64At(data, 1),
        decimals: data[9],
      }
    if ((tag === 7 || tag === 14) && data.length >= 9 && accounts.length >= 2)
      return {
        type: 'mint',
        mint: accounts[0]!,
        account: accounts[1]!,
        amount: u64At(data, 1),
        ...(tag === 14 && data.length >= 10 ? { decimals: data[9] } : {}),
      }
    return undefined
  }
  if (ix.programId === ASSOCIATED_TOKEN_PROGRAM && (data.length === 0 || data[0] === 0 || data[0] === 1) && accounts.length >= 4)
    return { type: 'ata', account: accounts[1]!, wallet: accounts[2]!, mint: accounts[3]! }
  return undefined
}

export function parseSolanaTransaction(tx: SolanaTransaction): ParsedSolanaTransaction {
  const keys = tx.transaction.message.accountKeys.map((k) => (typeof k === 'string' ? k : k.pubkey))
  const meta = tx.meta
  const owners = new Map<string, { owner?: string; mint: string }>()
  const decimals = new Map<string, number>()
  for (const b of [...(meta?.preTokenBalances ?? []), ...(meta?.postTokenBalances ?? [])]) {
    const account = keys[b.accountIndex]
    if (account) owners.set(account, { owner: b.owner ?? owners.get(account)?.owner, mint: b.mint })
    decimals.set(b.mint, b.uiTokenAmount.decimals)
  }
  // Top-level instructions in order, each followed by the inner instructions it ran.
  const inner = new Map((meta?.innerInstructions ?? []).map((i) => [i.index, i.instructions]))
  const steps = tx.transaction.message.instructions
    .flatMap((ix, i) => [ix, ...(inner.get(i) ?? [])])
    .map((ix) => (ix.parsed !== undefined ? fromParsed(ix) : fromRaw(ix)))
    .filter((s): s is Step => s !== undefined)
  for (const s of steps) if (s.type === 'ata' && !owners.get(s.account)?.owner) owners.set(s.account, { owner: s.wallet, mint: s.mint })

  const transfers: SolanaTransfer[] = []
  for (const s of steps) {
    if (s.type === 'sol') {
      if (s.amount > 0n) transfers.push({ kind: 'native', token: null, from: s.from, to: s.to, amount: s.amount })
    } else if (s.type === 'token') {
      const source = owners.get(s.source)
      const destination = owners.get(s.destination)
      const mint = s.mint ?? source?.mint ?? destination?.mint
      if (!mint) continue
      if (s.decimals !== undefined) decimals.set(mint, s.decimals)
      transfers.push({ kind: 'spl', token: mint, from: source?.owner ?? s.authority, to: destination?.owner ?? s.destination, amount: s.amount })
    } else if (s.type === 'mint') {
      if (s.decimals !== undefined) decimals.set(s.mint, s.decimals)
      transfers.push({ kind: 'spl', token: s.mint, from: MINT_SOURCE, to: owners.get(s.account)?.owner ?? s.account, amount: s.amount })
    }
  }
  return {
    signature: tx.transaction.signatures[0]!,
    slot: tx.slot,
    blockTime: tx.blockTime ?? null,
    feePayer: keys[0]!,
    fee: meta?.fee ?? 0n,
    failed: meta ? meta.err !== null && meta.err !== undefined : false,
    transfers,
    decimals,
  }
}
