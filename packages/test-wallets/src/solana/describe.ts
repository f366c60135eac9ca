/**
 * What a transaction does, for the approval dialog: each instruction decoded far enough to say
 * "Send 1.5 SOL to …" or "Send 10 USDC to …" (token receivers resolved to the owning wallet).
 */
import {
  SOLANA_ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  SOLANA_DEVNET_MINTS,
  SOLANA_SYSTEM_PROGRAM_ADDRESS,
  SOLANA_TOKEN_2022_PROGRAM_ADDRESS,
  SOLANA_TOKEN_PROGRAM_ADDRESS,
} from '@portico/devnet/solana-constants'
import { getCompiledTransactionMessageDecoder, type Transaction } from '@solana/kit'
import { toBase58 } from './keys'

const COMPUTE_BUDGET_PROGRAM_ADDRESS = 'ComputeBudget111111111111111111111111111111'
const LAMPORTS_PER_SOL_DECIMALS = 9

export interface TransactionSummary {
  title: string
  details: { label: string; value: string }[]
}

/** Reads a token account's mint and owner (first 64 bytes), or undefined when it does not exist yet. */
export type TokenAccountReader = (address: string) => Promise<{ mint: string; owner: string } | undefined>

interface Ix {
  program: string
  accounts: string[]
  data: Uint8Array
}

export async function describeTransaction(tx: Transaction, readTokenAccount: TokenAccountReader): Promise<TransactionSummary> {
  const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes) as unknown as {
    staticAccounts: string[]
    instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[]
  }
  const keys = message.staticAccounts
  // Accounts loaded from lookup tables are not in staticAccounts; they show as their index.
  const key = (i: number) => keys[i] ?? `(lookup table account #${i})`
  const ixs: Ix[] = message.instructions.map((ix) => ({
    program: key(ix.programAddressIndex),
    accounts: (ix.accountIndices ?? []).map(key),
    data: new Uint8Array(ix.data ?? []),
  }))

  const actions: string[] = []
  const details: TransactionSummary['details'] = [{ label: 'Fee payer', value: keys[0] ?? '?' }]
  for (const ix of ixs) {
    const described = await describeInstruction(ix, ixs, readTokenAccount)
    if (described.action) actions.push(described.action)
    details.push(...described.details)
  }
  const title = actions.length ? actions.join('; ') : `Approve a transaction (${ixs.length} instruction${ixs.length === 1 ? '' : 's'})`
  return { title, details }
}

async function describeInstruction(
  ix: Ix,
  all: Ix[],
  readTokenAccount: TokenAccountReader,
): Promise<{ action?: string; details: TransactionSummary['details'] }> {
  const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength)
  if (ix.program === SOLANA_SYSTEM_PROGRAM_ADDRESS) {
    if (ix.data.length >= 12 && view.getUint32(0, true) === 2) {
      const amount = `${formatUnits(view.getBigUint64(4, true), LAMPORTS_PER_SOL_DECIMALS)} SOL`
      const to = ix.accounts[1] ?? '?'
      return {
        action: `Send ${amount} to ${to}`,
        details: [
          { label: 'Program', value: 'System Program: transfer' },
          { label: 'Amount', value: amount },
          { label: 'To', value: to },
        ],
      }
    }
    return { details: [{ label: 'Program', value: `System Program (instruction ${ix.data.length >= 4 ? view.getUint32(0, true) : '?'})` }] }
  }

  if (ix.program === SOLANA_TOKEN_PROGRAM_ADDRESS || ix.program === SOLANA_TOKEN_2022_PROGRAM_ADDRESS) {
    const programName = ix.program === SOLANA_TOKEN_PROGRAM_ADDRESS ? 'Token Program' : 'Token-2022 Program'
    const kind = ix.data[0]
    const checked = kind === 12 && ix.data.length >= 10
    if ((kind === 3 && ix.data.length >= 9) || checked) {
      const raw = view.getBigUint64(1, true)
      const [source, destination] = checked ? [ix.accounts[0], ix.accounts[2]] : [ix.accounts[0], ix.accounts[1]]
      const sourceAccount = checked ? undefined : await readTokenAccount(source ?? '').catch(() => undefined)
      const mint = checked ? ix.accounts[1] : sourceAccount?.mint
      const known = Object.values(SOLANA_DEVNET_MINTS).find((m) => m.address === mint)
      const decimals = checked ? ix.data[9]! : known?.decimals
      const symbol = known?.symbol ?? (mint ? `tokens of mint ${mint}` : 'tokens')
      const amount = decimals === undefined ? `${raw} base units of ${symbol}` : `${formatUnits(raw, decimals)} ${symbol}`
      const receiver = await tokenAccountOwner(destination ?? '', all, readTokenAccount)
      const details = [
        { label: 'Program', value: `${programName}: ${checked ? 'transferChecked' : 'transfer'}` },
        { label: 'Amount', value: amount },
        { label: 'To', value: receiver ?? `token account ${destination}` },
      ]
      if (receiver) details.push({ label: 'To token account', value: destination ?? '?' })
      if (mint) details.push({ label: 'Mint', value: mint })
      return { action: `Send ${amount} to ${receiver ?? destination}`, details }
    }
    return { details: [{ label: 'Program', value: `${programName} (instruction ${kind ?? '?'})` }] }
  }

  if (ix.program === SOLANA_ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
    return { details: [{ label: 'Program', value: `Associated Token Program: create token account for ${ix.accounts[2] ?? '?'}` }] }
  }
  if (ix.program === COMPUTE_BUDGET_PROGRAM_ADDRESS) {
    return { details: [{ label: 'Program', value: 'Compute Budget Program' }] }
  }
  return { details: [{ label: 'Program', value: `${ix.program} (${ix.accounts.length} accounts, ${ix.data.length} bytes of data)` }] }
}

/** The wallet behind a token account: from an associated-token-account creation in the same transaction, or the chain. */
async function tokenAccountOwner(tokenAccount: string, all: Ix[], readTokenAccount: TokenAccountReader): Promise<string | undefined> {
  const created = all.find((ix) => ix.program === SOLANA_ASSOCIATED_TOKEN_PROGRAM_ADDRESS && ix.accounts[1] === tokenAccount)
  if (created?.accounts[2]) return created.accounts[2]
  return (await readTokenAccount(tokenAccount).catch(() => undefined))?.owner
}

/** Token account layout: mint (32 bytes), owner (32 bytes), … */
export function parseTokenAccount(data: Uint8Array): { mint: string; owner: string } | undefined {
  if (data.length < 64) return undefined
  return { mint: toBase58(data.slice(0, 32)), owner: toBase58(data.slice(32, 64)) }
}

export function formatUnits(value: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals)
  const whole = value / base
  const fraction = (value % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}
