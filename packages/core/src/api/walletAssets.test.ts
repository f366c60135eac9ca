import { expect, test } from 'vitest'
import { isWalletAssetsResponseValid } from './walletAssets.js'

const good = {
  address: '0xabc',
  balance: '0x10',
  type: 'ERC20',
  metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'https://x/usdc.svg' },
}

test('rule: the wallet assets response is accepted only if every asset meets all the checks', () => {
  expect(isWalletAssetsResponseValid([good, { ...good, type: 'NATIVE' }])).toBe(true)
  expect(isWalletAssetsResponseValid([])).toBe(true)
  expect(isWalletAssetsResponseValid([good, { ...good, balance: 16 }])).toBe(false)
  expect(isWalletAssetsResponseValid([{ ...good, type: 'ERC721' }])).toBe(false)
  expect(isWalletAssetsResponseValid([{ ...good, metadata: { ...good.metadata, decimals: '6' } }])).toBe(false)
  expect(isWalletAssetsResponseValid([{ ...good, metadata: { ...good.metadata, iconUrl: undefined } }])).toBe(false)
  expect(isWalletAssetsResponseValid([{ ...good, metadata: null }])).toBe(false)
  expect(isWalletAssetsResponseValid({ assets: [good] })).toBe(false)
})
