/** SPEC §9 'Swaps': the constants the client and the server share. */

export { SWAP_SLIPPAGE_PERCENT } from './swapSlippage.js'

/** The eip155 chains where swaps are offered (CAIP-2). */
export const SWAP_CHAIN_IDS: readonly string[] = [
  'eip155:1',
  'eip155:42161',
  'eip155:10',
  'eip155:324',
  'eip155:8453',
  'eip155:56',
  'eip155:137',
  'eip155:100',
  'eip155:43114',
  'eip155:250',
  'eip155:8217',
  'eip155:1313161554',
]

/** The address that stands for a chain's native token in swap calls, per namespace. */
export const NATIVE_TOKEN_PLACEHOLDERS = {
  eip155: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  solana: 'So11111111111111111111111111111111111111111',
} as const

/** Tokens the Swap view suggests first, and the popular ones listed after, by symbol. */
export const SWAP_SUGGESTED_SYMBOLS = ['ETH', 'USDC', 'USDT', 'DAI', 'WETH', 'WBTC'] as const
export const SWAP_POPULAR_SYMBOLS = [
  'ETH',
  'UNI',
  '1INCH',
  'AAVE',
  'SOL',
  'USDC',
  'USDT',
  'DAI',
  'WBTC',
  'LINK',
  'ARB',
  'OP',
  'MATIC',
  'SHIB',
  'PEPE',
  'LDO',
] as const

/** Whether a token address (without its CAIP prefix) is the native-token placeholder. */
export function isNativePlaceholder(address: string): boolean {
  return Object.values(NATIVE_TOKEN_PLACEHOLDERS).some((placeholder) => placeholder.toLowerCase() === address.toLowerCase())
}
