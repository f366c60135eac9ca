/**
 * The signing features: solana:signMessage, solana:signTransaction and solana:signAndSendTransaction.
 * Every input is shown in the approval flow (decoded for transactions) before the key signs it.
 */
import {
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type Address,
  type Transaction,
} from '@solana/kit'
import {
  SolanaSignAndSendTransaction,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignAndSendTransactionInput,
  type SolanaSignMessageFeature,
  type SolanaSignMessageInput,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { WalletAccount } from '@wallet-standard/base'
import { confirmSignature } from './confirm'
import { SOLANA_TEST_WALLET_CHAINS } from './constants'
import { describeTransaction, parseTokenAccount, type TransactionSummary } from './describe'
import { invalidInput, unsupportedChain } from './errors'
import type { DevKey } from './keys'
import type { SolanaSignedRecord } from './types'

export interface SigningContext {
  rpcUrl: string
  /** Throws 4100 unless `account` is the connected account; returns its key. */
  requireAccount(feature: string, account: WalletAccount): DevKey
  /** Resolves when the user (or autoApprove) approves; throws 4001 otherwise. */
  approve(feature: string, summary: TransactionSummary, key: DevKey, chain: string): Promise<void>
  record(entry: SolanaSignedRecord): void
}

export type SolanaSigningFeatures = SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature

const SUPPORTED_VERSIONS = ['legacy', 0] as const
const base58 = getBase58Decoder()

export function createSigningFeatures(ctx: SigningContext): SolanaSigningFeatures {
  let rpc: ReturnType<typeof createSolanaRpc> | undefined
  const chainRpc = () => (rpc ??= createSolanaRpc(ctx.rpcUrl))

  const readTokenAccount = async (address: string) => {
    const { value } = await chainRpc()
      .getAccountInfo(address as Address, { encoding: 'base64' })
      .send()
    return value ? parseTokenAccount(new Uint8Array(getBase64Encoder().encode(value.data[0]))) : undefined
  }

  function checkChain(chain: string | undefined): string {
    if (chain === undefined) return SOLANA_TEST_WALLET_CHAINS[0]
    if (!(SOLANA_TEST_WALLET_CHAINS as readonly string[]).includes(chain)) throw unsupportedChain(chain)
    return chain
  }

  async function signMessage(input: SolanaSignMessageInput) {
    const key = ctx.requireAccount(SolanaSignMessage, input.account)
    const message = new Uint8Array(input.message)
    const text = messageText(message)
    await ctx.approve(SolanaSignMessage, { title: 'Sign message', details: [{ label: 'Message', value: truncate(text) }] }, key, SOLANA_TEST_WALLET_CHAINS[0])
    const signature = new Uint8Array(await signBytes((await key.keyPair()).privateKey, message))
    ctx.record({ feature: SolanaSignMessage, account: key.address, signature: base58.decode(signature), message: text })
    return { signedMessage: message, signature, signatureType: 'ed25519' as const }
  }

  /** Decodes, shows and signs one transaction with the connected account's key. */
  async function sign(feature: SolanaSignedRecord['feature'], input: SolanaSignTransactionInput, chain: string) {
    const key = ctx.requireAccount(feature, input.account)
    let tx: Transaction
    try {
      tx = getTransactionDecoder().decode(input.transaction)
    } catch (err) {
      throw invalidInput(`Not a wire transaction: ${(err as Error).message}`)
    }
    if (!(key.address in tx.signatures)) throw invalidInput(`The account ${key.address} is not a signer of this transaction.`)
    const summary = await describeTransaction(tx, readTokenAccount)
    await ctx.approve(feature, summary, key, chain)
    const signed = await partiallySignTransaction([await key.keyPair()], tx)
    const bytes = new Uint8Array(getTransactionEncoder().encode(signed))
    // The transaction's signature is its first one (the fee payer's).
    const first = Object.values(signed.signatures)[0]
    const record: SolanaSignedRecord = {
      feature,
      account: key.address,
      chain,
      signature: first ? base58.decode(first) : '',
      transaction: getBase64EncodedWireTransaction(signed),
      summary: summary.title,
    }
    return { signed, bytes, record }
  }

  async function signTransaction(input: SolanaSignTransactionInput) {
    const { bytes, record } = await sign(SolanaSignTransaction, input, checkChain(input.chain))
    ctx.record(record)
    return { signedTransaction: bytes }
  }

  async function signAndSendTransaction(input: SolanaSignAndSendTransactionInput) {
    const chain = checkChain(input.chain)
    const { signed, record } = await sign(SolanaSignAndSendTransaction, input, chain)
    const options = input.options ?? {}
    const signature = await chainRpc()
      .sendTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        ...(options.preflightCommitment ? { preflightCommitment: options.preflightCommitment } : {}),
        ...(options.skipPreflight !== undefined ? { skipPreflight: options.skipPreflight } : {}),
        ...(options.maxRetries !== undefined ? { maxRetries: BigInt(options.maxRetries) } : {}),
        ...(options.minContextSlot !== undefined ? { minContextSlot: BigInt(options.minContextSlot) } : {}),
      })
      .send()
    ctx.record({ ...record, signature })
    if (options.commitment) await confirmSignature(chainRpc(), signature, options.commitment)
    return { signature: new Uint8Array(getBase58Encoder().encode(signature)) }
  }

  // Several inputs are handled one after another, each with its own approval.
  const each =
    <I, O>(fn: (input: I) => Promise<O>) =>
    async (...inputs: readonly I[]) => {
      const outputs: O[] = []
      for (const input of inputs) outputs.push(await fn(input))
      return outputs
    }

  return {
    [SolanaSignMessage]: { version: '1.1.0', signMessage: each(signMessage) },
    [SolanaSignTransaction]: { version: '1.0.0', supportedTransactionVersions: SUPPORTED_VERSIONS, signTransaction: each(signTransaction) },
    [SolanaSignAndSendTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: SUPPORTED_VERSIONS,
      signAndSendTransaction: each(signAndSendTransaction),
    },
  }
}

/** The message as UTF-8 text, or 0x-hex when it is not text. */
function messageText(message: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(message)
  } catch {
    return `0x${Array.from(message, (b) => b.toString(16).padStart(2, '0')).join('')}`
  }
}

const truncate = (text: string, max = 800) => (text.length > max ? `${text.slice(0, max)}…` : text)
