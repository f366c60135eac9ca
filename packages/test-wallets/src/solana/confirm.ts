/**
 * Waits until a sent transaction reaches a commitment, as signAndSendTransaction's `commitment`
 * option asks ("If provided, confirm the transaction after sending"). Fails when it failed on chain.
 */
import type { createSolanaRpc, Signature } from '@solana/kit'
import type { SolanaTransactionCommitment } from '@solana/wallet-standard-features'
import { ErrorCode, ProviderRpcError } from './errors'

const RANK: Record<string, number> = { processed: 0, confirmed: 1, finalized: 2 }

export interface ConfirmOptions {
  timeoutMs?: number
  intervalMs?: number
}

export async function confirmSignature(
  rpc: ReturnType<typeof createSolanaRpc>,
  signature: Signature,
  commitment: SolanaTransactionCommitment,
  { timeoutMs = 60_000, intervalMs = 250 }: ConfirmOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.err) {
      throw new ProviderRpcError(
        ErrorCode.Internal,
        `Transaction ${signature} failed on chain: ${JSON.stringify(status.err, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`,
      )
    }
    if (status?.confirmationStatus && RANK[status.confirmationStatus]! >= RANK[commitment]!) return
    if (Date.now() > deadline) throw new ProviderRpcError(ErrorCode.Internal, `Transaction ${signature} was not ${commitment} within ${timeoutMs / 1000} s.`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}
