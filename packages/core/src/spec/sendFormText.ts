/** Shown while typing; not SPEC texts (SPEC §5's own come from validateSend). */
export const SendFormText = {
  insufficientBalance: 'Insufficient balance',
  invalidAmount: 'Invalid amount',
  /** The receiver is neither an address of the active chain family (SPEC §5) nor a name. */
  invalidAddress: 'Invalid address',
  /** Solana: SOL to an address without an account must reach the rent-exempt minimum. */
  belowRentExemptMinimum: (amount: string, symbol: string) => `A new account needs at least ${amount} ${symbol}`,
  /** Bitcoin: an output below the dust limit would not be relayed. */
  belowDust: (amount: string, symbol: string) => `The amount must be at least ${amount} ${symbol}`,
} as const
