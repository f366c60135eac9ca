import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import {
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type CompiledTransactionMessage,
  type Transaction,
} from '@solana/kit'
import type { ApprovalContent, ApprovalRow, ApprovalSection, ApprovalWarning } from './approval.js'

/**
 * The embedded wallet's Solana side in the frame: transactions decoded for the approval screen,
 * signed with the wallet's own key (SLIP-10 m/44'/501'/0'/0'), and the check that a "message"
 * is not a transaction in disguise.
 */

const PROGRAMS: Record<string, string> = {
  '11111111111111111111111111111111': 'System',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token',
  ComputeBudget111111111111111111111111111111: 'Compute Budget',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo',
}
const LAMPORTS_PER_SOL = 1_000_000_000n

/**
 * True when the bytes decode, whole, as a Solana transaction or a transaction message (legacy or
 * v0). Signing such "message" bytes would sign a transaction the user never saw as one: refused.
 */
export function parsesAsTransaction(bytes: Uint8Array): boolean {
  for (const decoder of [getTransactionDecoder(), getCompiledTransactionMessageDecoder()]) {
    try {
      const [, offset] = decoder.read(bytes, 0)
      if (offset === bytes.length) return true
    } catch {
      // not this shape
    }
  }
  return false
}

/** Legacy and v0 messages (v1's layout is not read here: refused). */
type Message = Extract<CompiledTransactionMessage, { instructions: unknown }>

export interface DecodedSolanaTransaction {
  transaction: Transaction
  message: Message
  /** The accounts that must sign, in order (the first pays the fee). */
  signers: string[]
}

export function decodeSolanaTransaction(wire: string): DecodedSolanaTransaction {
  let transaction: Transaction
  let compiled: CompiledTransactionMessage
  try {
    transaction = getTransactionDecoder().decode(base64.decode(wire))
    compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch {
    throw new Error('Not a Solana transaction (base64 wire format expected)')
  }
  if (!('instructions' in compiled)) throw new Error('Only legacy and v0 Solana transactions are supported')
  const message = compiled as Message
  const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts).map(String)
  return { transaction, message, signers }
}

/** Signs with the wallet's key in its signer slot; the wire transaction back in base64. */
export function signSolanaTransaction(decoded: DecodedSolanaTransaction, address: string, secretKey: Uint8Array): { wire: string; signature: string } {
  const signature = ed25519.sign(new Uint8Array(decoded.transaction.messageBytes), secretKey)
  const signatures = { ...decoded.transaction.signatures, [address]: signature }
  const wire = getTransactionEncoder().encode({ ...decoded.transaction, signatures } as Transaction)
  return { wire: base64.encode(new Uint8Array(wire)), signature: base58.encode(signature) }
}

const u64 = (data: Uint8Array, at: number) => (data.length >= at + 8 ? new DataView(data.buffer, data.byteOffset + at, 8).getBigUint64(0, true) : undefined)
const u32 = (data: Uint8Array, at: number) => (data.length >= at + 4 ? new DataView(data.buffer, data.byteOffset + at, 4).getUint32(0, true) : undefined)
const sol = (lamports: bigint) => {
  const whole = lamports / LAMPORTS_PER_SOL
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} SOL`
}
const units = (amount: bigint, decimals: number) => {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** One instruction in words: the program, and for the common ones what moves where. */
function describeInstruction(message: Message, index: number): ApprovalSection {
  const ix = message.instructions[index]!
  const accounts = (ix.accountIndices ?? []).map((i) => String(message.staticAccounts[i] ?? `(lookup table account #${i})`))
  const program = String(message.staticAccounts[ix.programAddressIndex])
  const name = PROGRAMS[program] ?? program
  const data = new Uint8Array(ix.data ?? new Uint8Array())
  const rows: ApprovalRow[] = [{ label: 'Program', value: name, mono: !PROGRAMS[program] }]
  if (name === 'System' && u32(data, 0) === 2)
    rows.push({ label: 'Send', value: sol(u64(data, 4) ?? 0n) }, { label: 'To', value: accounts[1] ?? '?', mono: true })
  else if ((name === 'Token' || name === 'Token-2022') && data[0] === 12)
    rows.push(
      { label: 'Send', value: `${units(u64(data, 1) ?? 0n, data[9] ?? 0)} of mint ${short(accounts[1])}` },
      { label: 'To token account', value: accounts[2] ?? '?', mono: true },
    )
  else if ((name === 'Token' || name === 'Token-2022') && data[0] === 3)
    rows.push({ label: 'Send', value: `${u64(data, 1) ?? 0n} base units` }, { label: 'To token account', value: accounts[1] ?? '?', mono: true })
  else if (name === 'Associated Token') rows.push({ label: 'Creates', value: `the token account of ${accounts[2] ?? '?'} for mint ${short(accounts[3])}` })
  else if (name === 'Compute Budget' && data[0] === 3) rows.push({ label: 'Priority fee', value: `${u64(data, 1) ?? 0n} micro-lamports per compute unit` })
  else if (name === 'Compute Budget' && data[0] === 2) rows.push({ label: 'Compute limit', value: `${u32(data, 1) ?? 0} units` })
  else if (!PROGRAMS[program]) rows.push({ label: 'Data', value: `${data.length} bytes`, mono: false })
  return { title: `Instruction ${index + 1}`, rows }
}

const short = (address: string | undefined) => (address && address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : (address ?? '?'))

/** The approval screen of one or more transactions: each instruction decoded, the fee, warnings. */
export function describeSolanaTransactions(
  decoded: DecodedSolanaTransaction[],
  context: { title: string; network: string; wallet: string; fee?: bigint },
): ApprovalContent {
  const warnings: ApprovalWarning[] = []
  const sections: ApprovalSection[] = []
  decoded.forEach((d, t) => {
    const prefix = decoded.length > 1 ? `Transaction ${t + 1} · ` : ''
    d.message.instructions.forEach((_, i) => {
      const section = describeInstruction(d.message, i)
      sections.push({ ...section, title: prefix + section.title })
      if (!PROGRAMS[String(d.message.staticAccounts[d.message.instructions[i]!.programAddressIndex])])
        warnings.push({ level: 'caution', text: `${prefix}Instruction ${i + 1} calls a program this wallet cannot read. Approve only if you trust this site.` })
    })
    if (d.signers[0] !== context.wallet) warnings.push({ level: 'caution', text: `${prefix}Another account (${short(d.signers[0])}) pays its fee.` })
  })
  const rows: ApprovalRow[] = [{ label: 'Network', value: context.network }]
  if (context.fee !== undefined) rows.push({ label: 'Network fee', value: sol(context.fee) })
  return { title: context.title, rows, sections, warnings }
}
