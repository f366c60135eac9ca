/** Shown while typing; not SPEC texts (SPEC §5's own come from validateSend). */
export const SendFormText = {
  insufficientBalance: 'Insufficient balance',
  invalidAmount: 'Invalid amount',
  /** The receiver is neither an address of the active chain family (SPEC §5) nor a name. */
  invalidAddress: 'Invalid address',
  /** Solana: SOL to an address without an account must reach the rent-exempt minimum. */
  belowRentExemptMinimum: (amount: string, symbol: string) => `A new account needs at least ${amount} ${symbol}`,
} as const
