/**
 * The local chain's state over litesvm: a slot and block height that advance (one block per landed
 * transaction and one per tick), the window of recent blockhashes a transaction may use, and the
 * record of landed transactions that getTransaction, getSignatureStatuses and
 * getSignaturesForAddress read.
 */
import { EventEmitter } from 'node:events'
import {
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type CompiledTransactionMessageWithLifetime,
  type LegacyCompiledTransactionMessage,
  type Transaction,
  type V0CompiledTransactionMessage,
} from '@solana/kit'
import { lamports } from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM, type Account as CoreAccount, type TransactionMetadata } from 'litesvm'
import { keyBytes, keyName, readMint, readTokenAccount, toBase58, uiTokenAmount, type MaybeEncodedAccount, type UiTokenAmount } from './encoding'
import { transactionErrorJson, type TransactionErrorJson } from './errors'
import { transactionFee } from './fees'

/** MAX_PROCESSING_AGE: a blockhash stays usable for 150 blocks after its own. */
export const BLOCKHASH_VALID_BLOCKS = 150n

export interface TokenBalance {
  accountIndex: number
  mint: Address
  owner: Address
  programId: Address
  uiTokenAmount: UiTokenAmount
}

export interface LandedTransaction {
  signature: string
  slot: bigint
  blockTime: number
  err: TransactionErrorJson | null
  /** The wire bytes as sent. */
  wire: Uint8Array
  message: DecodedMessage
  signatures: string[]
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logs: string[]
  computeUnitsConsumed: bigint
}

export interface ExecutionResult {
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: bigint
  /** The accounts the transaction would leave behind (empty when it fails). */
  postAccounts: Map<string, MaybeEncodedAccount>
}

/** Legacy and v0 messages, which Agave 2.x accepts (v1 is not live on clusters yet). */
export type DecodedMessage = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) & CompiledTransactionMessageWithLifetime

export interface DecodedTransaction {
  transaction: Transaction
  message: DecodedMessage
  signature: string
  wire: Uint8Array
}

/** Throws on bytes that are not a transaction; the caller words the RPC error. */
export function decodeTransaction(wire: Uint8Array): DecodedTransaction {
  const transaction = getTransactionDecoder().decode(wire)
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  if (message.version === 1) throw new Error('unsupported transaction version')
  const first = Object.values(transaction.signatures)[0]
  return { transaction, message, signature: first ? toBase58(first) : '1'.repeat(64), wire }
}

/** litesvm's native core. Its JS wrapper builds an address codec on every read (~33 µs, most of a getBalance). */
interface LiteSvmCore {
  getBalance(address: Uint8Array): bigint | null
  getAccount(address: Uint8Array): CoreAccount | null
}

interface ChainEvents {
  slot: [slot: bigint]
  /** After a transaction lands: the addresses it touched (their accounts may have changed). */
  landed: [tx: LandedTransaction]
  accounts: [addresses: Address[]]
}

export class SolanaChain extends EventEmitter<ChainEvents> {
  readonly svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n)
  private readonly core = (this.svm as unknown as { inner: LiteSvmCore }).inner
  slot = 1n
  blockHeight = 1n
  /** Recent blockhashes → the block height at which each was produced (oldest first). */
  private readonly blockhashes = new Map<string, bigint>()
  private readonly transactions = new Map<string, LandedTransaction>()
  private readonly signaturesByAddress = new Map<string, string[]>()
  transactionCount = 0n

  constructor() {
    super()
    if (typeof this.core?.getBalance !== 'function') throw new Error('litesvm: its native core (LiteSVM.inner) moved; update SolanaChain')
    this.svm.warpToSlot(this.slot)
    this.blockhashes.set(this.svm.latestBlockhash(), this.blockHeight)
  }

  /** Produces a block: next slot and height, a new blockhash; the oldest blockhash leaves the window. */
  advanceSlot(): void {
    this.slot += 1n
    this.blockHeight += 1n
    this.svm.warpToSlot(this.slot)
    this.svm.expireBlockhash()
    this.blockhashes.set(this.svm.latestBlockhash(), this.blockHeight)
    for (const [hash, height] of this.blockhashes) {
      if (height + BLOCKHASH_VALID_BLOCKS >= this.blockHeight) break
      this.blockhashes.delete(hash)
    }
    this.emit('slot', this.slot)
  }

  balance(address: Address): bigint {
    return this.core.getBalance(keyBytes(address)) ?? 0n
  }

  account(address: Address): MaybeEncodedAccount {
    const account = this.core.getAccount(keyBytes(address))
    if (!account) return { exists: false, address }
    const data = account.data()
    return {
      exists: true,
      address,
      data,
      executable: account.executable(),
      lamports: lamports(account.lamports()),
      programAddress: keyName(account.owner()),
      space: BigInt(data.length),
    }
  }

  latestBlockhash() {
    return { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: this.blockHeight + BLOCKHASH_VALID_BLOCKS }
  }

  isBlockhashValid(blockhash: string): boolean {
    return this.blockhashes.has(blockhash)
  }

  getTransaction(signature: string) {
    return this.transactions.get(signature)
  }

  signaturesFor(address: string): readonly string[] {
    return this.signaturesByAddress.get(address) ?? []
  }

  /** Runs the transaction without committing anything. */
  simulate(tx: DecodedTransaction, sigVerify: boolean): ExecutionResult {
    this.svm.withSigverify(sigVerify)
    try {
      const result = this.svm.simulateTransaction(tx.transaction)
      const meta = result.meta()
      const logs = meta.logs()
      const unitsConsumed = meta.computeUnitsConsumed()
      if (result instanceof FailedTransactionMetadata) {
        return { err: transactionErrorJson(result.err()), logs, unitsConsumed, postAccounts: new Map() }
      }
      const postAccounts = new Map(result.postAccounts().map((a) => [a.address as string, { ...a, exists: true as const }]))
      return { err: null, logs, unitsConsumed, postAccounts }
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /**
   * Executes and commits the transaction. Like a validator, only transactions that can pay their fee
   * land (with or without an execution error); the rest are dropped and `landed` is null.
   */
  execute(tx: DecodedTransaction): { landed: LandedTransaction | null; err: TransactionErrorJson | null } {
    if (this.transactions.has(tx.signature)) return { landed: null, err: 'AlreadyProcessed' }
    const keys = tx.message.staticAccounts
    const preBalances = keys.map((k) => this.balance(k))
    const preTokenBalances = this.tokenBalances(keys)
    const result = this.svm.sendTransaction(tx.transaction)
    const failed = result instanceof FailedTransactionMetadata
    const err = failed ? transactionErrorJson(result.err()) : null
    const postBalances = keys.map((k) => this.balance(k))
    const charged = preBalances[0] !== postBalances[0] || !failed
    if (!charged) return { landed: null, err }

    const meta: TransactionMetadata = failed ? result.meta() : result
    const landed: LandedTransaction = {
      signature: tx.signature,
      slot: this.slot,
      blockTime: Math.floor(Date.now() / 1000),
      err,
      wire: tx.wire,
      message: tx.message,
      signatures: Object.values(tx.transaction.signatures).map((s) => (s ? toBase58(s) : '1'.repeat(64))),
      fee: transactionFee(tx.message),
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: this.tokenBalances(keys),
      logs: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
    }
    this.transactions.set(tx.signature, landed)
    this.transactionCount += 1n
    for (const key of new Set(keys)) {
      const list = this.signaturesByAddress.get(key)
      if (list) list.push(tx.signature)
      else this.signaturesByAddress.set(key, [tx.signature])
    }
    this.emit('landed', landed)
    this.emit('accounts', [...keys])
    this.advanceSlot()
    return { landed, err }
  }

  private tokenBalances(keys: readonly Address[]): TokenBalance[] {
    const balances: TokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const token = readTokenAccount(this.account(key))
      const mint = token && readMint(this.account(token.mint))
      if (!token || !mint) return
      balances.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: token.programAddress,
        uiTokenAmount: uiTokenAmount(token.amount, mint.decimals),
      })
    })
    return balances
  }
}
