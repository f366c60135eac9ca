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
import { formatDecimal, t } from './i18n/index.js'

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
  return `${formatDecimal(`${whole}${fraction ? `.${fraction}` : ''}`)} SOL`
}
const units = (amount: bigint, decimals: number) => {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  return formatDecimal(fraction ? `${whole}.${fraction}` : whole)
}

/** One instruction in words: the program, and for the common ones what moves where. */
function describeInstruction(message: Message, index: number): ApprovalSection {
  const ix = message.instructions[index]!
  const accounts = (ix.accountIndices ?? []).map((i) => String(message.staticAccounts[i] ?? t('sol.lookup', { index: i })))
  const program = String(message.staticAccounts[ix.programAddressIndex])
  const name = PROGRAMS[program] ?? program
  const data = new Uint8Array(ix.data ?? new Uint8Array())
  const rows: ApprovalRow[] = [{ label: t('sol.program'), value: name, mono: !PROGRAMS[program] }]
  if (name === 'System' && u32(data, 0) === 2)
    rows.push({ label: t('sol.sendRow'), value: sol(u64(data, 4) ?? 0n) }, { label: t('row.to'), value: accounts[1] ?? '?', mono: true })
  else if ((name === 'Token' || name === 'Token-2022') && data[0] === 12)
    rows.push(
      { label: t('sol.sendRow'), value: t('sol.ofMint', { amount: units(u64(data, 1) ?? 0n, data[9] ?? 0), mint: short(accounts[1]) }) },
      { label: t('sol.toTokenAccount'), value: accounts[2] ?? '?', mono: true },
    )
  else if ((name === 'Token' || name === 'Token-2022') && data[0] === 3)
    rows.push(
      { label: t('sol.sendRow'), value: t('sol.baseUnits', { amount: formatDecimal(u64(data, 1) ?? 0n) }) },
      { label: t('sol.toTokenAccount'), value: accounts[1] ?? '?', mono: true },
    )
  else if (name === 'Associated Token')
    rows.push({ label: t('sol.creates'), value: t('sol.tokenAccountOf', { owner: accounts[2] ?? '?', mint: short(accounts[3]) }) })
  else if (name === 'Compute Budget' && data[0] === 3)
    rows.push({ label: t('sol.priorityFee'), value: t('sol.microLamports', { amount: formatDecimal(u64(data, 1) ?? 0n) }) })
  else if (name === 'Compute Budget' && data[0] === 2)
    rows.push({ label: t('sol.computeLimit'), value: t('sol.units', { amount: formatDecimal(BigInt(u32(data, 1) ?? 0)) }) })
  else if (!PROGRAMS[program]) rows.push({ label: t('row.data'), value: t('sol.bytes', { count: formatDecimal(BigInt(data.length)) }), mono: false })
  return { title: t('sol.instruction', { index: formatDecimal(BigInt(index + 1)) }), rows }
}

const short = (address: string | undefined) => (address && address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : (address ?? '?'))

/** The approval screen of one or more transactions: each instruction decoded, the fee, warnings. */
export function describeSolanaTransactions(
  decoded: DecodedSolanaTransaction[],
  context: { title: string; network: string; wallet: string; fee?: bigint },
): ApprovalContent {
  const warnings: ApprovalWarning[] = []
  const sections: ApprovalSection[] = []
  decoded.forEach((d, n) => {
    // 'Transaction 2 · …' when there are several.
    const inTx = (text: string) => (decoded.length > 1 ? t('sol.transaction', { index: formatDecimal(BigInt(n + 1)), text }) : text)
    d.message.instructions.forEach((_, i) => {
      const section = describeInstruction(d.message, i)
      sections.push({ ...section, title: inTx(section.title) })
      if (!PROGRAMS[String(d.message.staticAccounts[d.message.instructions[i]!.programAddressIndex])])
        warnings.push({ level: 'caution', text: inTx(t('warn.solUnreadable', { index: formatDecimal(BigInt(i + 1)) })) })
    })
    if (d.signers[0] !== context.wallet) warnings.push({ level: 'caution', text: inTx(t('warn.solFeePayer', { account: short(d.signers[0]) })) })
  })
  const rows: ApprovalRow[] = [{ label: t('row.network'), value: context.network }]
  if (context.fee !== undefined) rows.push({ label: t('sol.networkFee'), value: sol(context.fee) })
  return { title: context.title, rows, sections, warnings }
}
