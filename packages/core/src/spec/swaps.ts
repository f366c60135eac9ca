/** SPEC §9 'Swaps': the constants the client and the server share. */

/** Slippage tolerance, in percent. */
export const SWAP_SLIPPAGE_PERCENT = 1

/** The eip155 chains where swaps are offered (CAIP-2). */
export const SWAP_CHAIN_IDS = ['1', '42161', '10', '324', '8453', '56', '137', '100', '43114', '250', '8217', '1313161554'].map(
  (id) => `eip155:${id}`,
) as readonly string[]

/** The address that stands for a chain's native token in swap calls, per namespace. */
export const NATIVE_TOKEN_PLACEHOLDERS = {
  eip155: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  solana: 'So11111111111111111111111111111111111111111',
} as const

/** Tokens the Swap view suggests first, and the popular ones listed after, by symbol. */
export const SWAP_SUGGESTED_SYMBOLS = ['ETH', 'USDC', 'USDT', 'DAI', 'WETH', 'WBTC'] as const
export const SWAP_POPULAR_SYMBOLS = ['ETH', 'UNI', '1INCH', 'AAVE', 'SOL', 'USDC', 'USDT', 'DAI', 'WBTC', 'LINK', 'ARB', 'OP', 'MATIC', 'SHIB', 'PEPE', 'LDO'] as const

/** Whether a token address (without its CAIP prefix) is the native-token placeholder. */
export function isNativePlaceholder(address: string): boolean {
  return Object.values(NATIVE_TOKEN_PLACEHOLDERS).some((placeholder) => placeholder.toLowerCase() === address.toLowerCase())
}
