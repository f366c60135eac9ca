/** What the swap button says while the swap cannot go ahead. */
export const SwapText = {
  selectToken: 'Select token',
  enterAmount: 'Enter amount',
  insufficientBalance: 'Insufficient balance',
  loadingQuote: 'Getting quote…',
  noQuote: 'No quote',
} as const
