/**
 * Solana's rules that the modal applies, as data (SPEC §5 'Embedded wallet input', §4 'Send').
 * The chain's own work (transactions, confirmation) is the Solana adapter's.
 */

/** SPEC §5: a Solana commitment is one of these (the last five are the old names some wallets still send). */
export const SolanaCommitments = ['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'] as const
export type SolanaCommitment = (typeof SolanaCommitments)[number]

export function isSolanaCommitment(value: unknown): value is SolanaCommitment {
  return (SolanaCommitments as readonly unknown[]).includes(value)
}

/**
 * The commitment a send waits for before it is reported as sent (and the balances and activity
 * are read again): 'confirmed', voted on by a supermajority, as wallets report a send done.
 */
export const DEFAULT_SOLANA_COMMITMENT: SolanaCommitment = 'confirmed'

/**
 * The least a transfer may bring to an account that does not exist yet: the rent-exempt minimum
 * of an account without data, (128 bytes of account overhead) × 3,480 lamports per byte-year × 2
 * years, as on mainnet, devnet, testnet and the local chain. An address holding no lamports has
 * no account on Solana.
 */
export const SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS = 890_880n
