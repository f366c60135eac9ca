/**
 * SPEC §5 'Wallet assets response': accepted only if every asset has a string address and
 * balance, type ERC20 or NATIVE, and a metadata object with string name, symbol and iconUrl
 * and number decimals and price.
 */
export interface WalletAsset {
  address: string
  balance: string
  type: 'ERC20' | 'NATIVE'
  metadata: { name: string; symbol: string; decimals: number; price: number; iconUrl: string; value?: number }
}

export function isWalletAssetsResponseValid(assets: unknown): assets is WalletAsset[] {
  if (!Array.isArray(assets)) return false
  return assets.every((asset) => {
    if (!asset || typeof asset !== 'object') return false
    const { address, balance, type, metadata } = asset as Record<string, unknown>
    if (typeof address !== 'string' || typeof balance !== 'string') return false
    if (type !== 'ERC20' && type !== 'NATIVE') return false
    if (!metadata || typeof metadata !== 'object') return false
    const m = metadata as Record<string, unknown>
    return (
      typeof m.name === 'string' &&
      typeof m.symbol === 'string' &&
      typeof m.iconUrl === 'string' &&
      typeof m.decimals === 'number' &&
      typeof m.price === 'number'
    )
  })
}
