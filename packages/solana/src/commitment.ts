import { DEFAULT_SOLANA_COMMITMENT, isSolanaCommitment, type SolanaCommitment } from '@portico/core/spec'
import { InvalidOptionsError } from '@portico/core'

/** The three levels the RPC knows today. */
export type RpcCommitment = 'processed' | 'confirmed' | 'finalized'

/** SPEC §5's commitments, the old names (recent, single, singleGossip, root, max) as the levels they became. */
const LEVEL: Record<SolanaCommitment, RpcCommitment> = {
  processed: 'processed',
  recent: 'processed',
  confirmed: 'confirmed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  finalized: 'finalized',
  root: 'finalized',
  max: 'finalized',
}

/** The adapter's `commitment` option: one of SPEC §5's values, 'confirmed' when not given. */
export function toRpcCommitment(value: unknown = DEFAULT_SOLANA_COMMITMENT): RpcCommitment {
  if (!isSolanaCommitment(value)) throw new InvalidOptionsError([`solana commitment: '${String(value)}' is not a Solana commitment`])
  return LEVEL[value]
}
