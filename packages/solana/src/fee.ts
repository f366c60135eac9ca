import { catalogueMessage, PorticoError } from '@portico/core'
import { ErrorText } from '@portico/core/spec'
import { getBase64Decoder, type Address, type ReadonlyUint8Array, type TransactionMessageBytesBase64 } from '@solana/kit'
import type { RpcCommitment } from './commitment.js'
import type { SolanaRpc } from './rpc.js'

/** What a transfer offers per compute unit at least (micro-lamports) when the network shows no recent fees. */
export const MIN_PRIORITY_MICRO_LAMPORTS = 1_000n

/** The median of the recent prioritization fees (per compute unit), and at least the floor above. */
export async function priorityFee(rpc: SolanaRpc, accounts: Address[]): Promise<bigint> {
  try {
    const recent = await rpc.getRecentPrioritizationFees(accounts).send()
    const fees = recent.map((f) => BigInt(f.prioritizationFee)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const median = fees[Math.floor(fees.length / 2)] ?? 0n
    return median > MIN_PRIORITY_MICRO_LAMPORTS ? median : MIN_PRIORITY_MICRO_LAMPORTS
  } catch {
    return MIN_PRIORITY_MICRO_LAMPORTS
  }
}

/** The network fee the chain charges for the message: base fee per signature plus the priority fee. */
export async function networkFee(rpc: SolanaRpc, messageBytes: ReadonlyUint8Array, commitment: RpcCommitment): Promise<bigint> {
  const message = getBase64Decoder().decode(messageBytes) as TransactionMessageBytesBase64
  const { value } = await rpc.getFeeForMessage(message, { commitment }).send()
  if (value === null)
    throw new PorticoError(catalogueMessage('error', ErrorText, 'transactionFailed'), {
      details: 'the network has no fee for this message (its blockhash expired)',
      category: 'API_ERROR',
    })
  return value
}

const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** Account data sizes: a token account, and what Token-2022 adds (account type, then one TLV per extension). */
const TOKEN_ACCOUNT_SIZE = 165
const TLV_HEADER = 4
/** Extensions a Token-2022 account gets from its mint's extensions, by their data size. */
const ACCOUNT_EXTENSION_OF_MINT: Record<string, number> = {
  transferFeeConfig: 8, // TransferFeeAmount
  nonTransferable: 0, // NonTransferableAccount
  transferHook: 1, // TransferHookAccount
  pausableConfig: 0, // PausableAccount
}

/**
 * The size of the receiver's associated token account: 165 bytes on Token; on Token-2022 the
 * account type byte, ImmutableOwner (every associated token account has it) and the extensions
 * the mint's own extensions require.
 */
export function tokenAccountSize(tokenProgram: Address, mintExtensions: readonly { extension?: string }[] = []): number {
  if (tokenProgram !== TOKEN_2022_PROGRAM_ADDRESS) return TOKEN_ACCOUNT_SIZE
  let size = TOKEN_ACCOUNT_SIZE + 1 + TLV_HEADER
  for (const { extension } of mintExtensions) {
    const data = extension ? ACCOUNT_EXTENSION_OF_MINT[extension] : undefined
    if (data !== undefined) size += TLV_HEADER + data
  }
  return size
}
