/** SPEC §3 'Token balance' (its own module: the balance cache stores it without importing the balance reads). */
export interface TokenBalance {
  name: string
  symbol: string
  chainId: string
  /** CAIP-10 of the token contract; absent for the native currency. */
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  /** The part of `quantity` not confirmed yet (bip122: the mempool's change to the address, may be negative); absent where the family has none. */
  pending?: { numeric: string }
  iconUrl: string
}
