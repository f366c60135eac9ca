// Loaded on demand (the adapter's entry stays small): @solana/kit and the program clients.
import { DEFAULT_SOLANA_COMMITMENT, SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS } from '@portico/core/spec'
import type { AdapterBalance, CaipNetwork, TransferParameters } from '@portico/core'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Base64EncodedWireTransaction,
  type Commitment,
  type Instruction,
  type Signature,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token'

/** Compute units a transfer may use, and what it offers per unit (micro-lamports) at least. */
const COMPUTE_UNITS = { sol: 1_000, token: 20_000, tokenWithAccount: 60_000 }
const MIN_PRIORITY_MICRO_LAMPORTS = 1_000n
/** SPEC §5's send commitment ('confirmed'), one kit knows. */
const COMMITMENT = DEFAULT_SOLANA_COMMITMENT as Commitment

export function rpcOf(caipNetwork: CaipNetwork) {
  return createSolanaRpc(caipNetwork.rpcUrls.default.http[0]!)
}

export async function getSolBalance(caipNetwork: CaipNetwork, owner: string): Promise<AdapterBalance> {
  const { value } = await rpcOf(caipNetwork).getBalance(address(owner), { commitment: COMMITMENT }).send()
  return { value: value.toString(), decimals: caipNetwork.nativeCurrency.decimals, symbol: caipNetwork.nativeCurrency.symbol }
}

/**
 * The transfer as a compiled transaction (fee payer: the sender): a SOL transfer, or for a token
 * its TransferChecked on the mint's own program (Token or Token-2022), creating the receiver's
 * associated token account first when it does not exist; a compute-budget priority fee on top.
 */
export async function buildTransfer({ caipNetwork, from, to, amount, tokenAddress }: TransferParameters) {
  const rpc = rpcOf(caipNetwork)
  const signer = createNoopSigner(address(from))
  const instructions: Instruction[] = []
  let units = COMPUTE_UNITS.sol
  if (!tokenAddress) {
    const receiver = await rpc.getBalance(address(to), { commitment: COMMITMENT }).send()
    // SPEC: a new account must receive at least the rent-exempt minimum (core checks it first with its text).
    if (receiver.value === 0n && amount < SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS)
      throw new Error(`A new account needs at least ${SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS} lamports`)
    instructions.push(getTransferSolInstruction({ source: signer, destination: address(to), amount }))
  } else {
    const mint = address(tokenAddress)
    const mintAccount = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send()
    if (!mintAccount.value) throw new Error(`No mint at ${tokenAddress}`)
    const tokenProgram = mintAccount.value.owner
    const data = mintAccount.value.data as { parsed?: { info?: { decimals?: number } } }
    const decimals = data.parsed?.info?.decimals
    if (typeof decimals !== 'number') throw new Error(`${tokenAddress} is not a token mint`)
    const [source] = await findAssociatedTokenPda({ owner: address(from), mint, tokenProgram })
    const [destination] = await findAssociatedTokenPda({ owner: address(to), mint, tokenProgram })
    const existing = await rpc.getAccountInfo(destination, { encoding: 'base64' }).send()
    if (!existing.value) {
      instructions.push(getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata: destination, owner: address(to), mint, tokenProgram }))
      units = COMPUTE_UNITS.tokenWithAccount
    } else units = COMPUTE_UNITS.token
    instructions.push(getTransferCheckedInstruction({ source, mint, destination, authority: signer, amount, decimals }, { programAddress: tokenProgram }))
  }
  const priority = await priorityFee(rpc)
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: COMMITMENT }).send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions([getSetComputeUnitLimitInstruction({ units }), getSetComputeUnitPriceInstruction({ microLamports: priority }), ...instructions], m),
  )
  const transaction = compileTransaction(message)
  return { rpc, transaction, wire: new Uint8Array(getTransactionEncoder().encode(transaction)) }
}

/** The median of the recent prioritization fees, and at least a small floor, per compute unit. */
async function priorityFee(rpc: ReturnType<typeof rpcOf>): Promise<bigint> {
  try {
    const recent = await rpc.getRecentPrioritizationFees().send()
    const fees = recent.map((f) => BigInt(f.prioritizationFee)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const median = fees[Math.floor(fees.length / 2)] ?? 0n
    return median > MIN_PRIORITY_MICRO_LAMPORTS ? median : MIN_PRIORITY_MICRO_LAMPORTS
  } catch {
    return MIN_PRIORITY_MICRO_LAMPORTS
  }
}

/** What the chain will charge: the base fee per signature and the priority fee, from getFeeForMessage. */
export async function estimateTransferFee(parameters: TransferParameters): Promise<AdapterBalance> {
  const { rpc, transaction } = await buildTransfer(parameters)
  const message = getBase64Decoder().decode(transaction.messageBytes)
  const { value } = await rpc.getFeeForMessage(message as TransactionMessageBytesBase64, { commitment: COMMITMENT }).send()
  const { nativeCurrency } = parameters.caipNetwork
  return { value: (value ?? 0n).toString(), decimals: nativeCurrency.decimals, symbol: nativeCurrency.symbol }
}

export async function sendWire(caipNetwork: CaipNetwork, signed: Uint8Array): Promise<string> {
  const wire = getBase64Decoder().decode(signed)
  return rpcOf(caipNetwork)
    .sendTransaction(wire as Base64EncodedWireTransaction, { encoding: 'base64', preflightCommitment: COMMITMENT })
    .send()
}

export const signatureToString = (signature: Uint8Array) => getBase58Decoder().decode(signature)

/** Waits until the transaction reaches the send commitment ('confirmed'), or fails, or a minute passes. */
export async function waitForTransaction({ hash, caipNetwork }: { hash: string; caipNetwork: CaipNetwork }): Promise<{ status: 'success' | 'reverted' }> {
  const rpc = rpcOf(caipNetwork)
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const { value } = await rpc.getSignatureStatuses([hash as Signature]).send()
    const status = value[0]
    if (status?.err) return { status: 'reverted' }
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return { status: 'success' }
    await new Promise((resolve) => setTimeout(resolve, 400))
  }
  throw new Error(`Transaction ${hash} was not confirmed within 60 s`)
}
