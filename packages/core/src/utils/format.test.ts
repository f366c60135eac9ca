import { expect, test } from 'vitest'
import { formatUnits, formatUsd, shortenAddress, truncateDecimals } from './format.js'

test('formatUnits is exact', () => {
  expect(formatUnits(10_000_000000000000000000n, 18)).toBe('10000')
  expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
  expect(formatUnits(1_234_567n, 6)).toBe('1.234567')
})

test('rule: balances are truncated down (not rounded) to 3 decimals', () => {
  expect(truncateDecimals('1.23999')).toBe('1.239')
  expect(truncateDecimals('9999.9999')).toBe('9999.999')
  expect(truncateDecimals('5')).toBe('5.000')
  expect(truncateDecimals('0.0009')).toBe('0.000')
})

test('rule: currency is USD with 2 decimals', () => {
  expect(formatUsd(1234.5)).toBe('$1,234.50')
})

test('shortenAddress', () => {
  expect(shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
})

test('parseUnits is exact and strict', async () => {
  const { parseUnits } = await import('./format.js')
  expect(parseUnits('1.5', 6)).toBe(1_500_000n)
  expect(parseUnits('0.000001', 6)).toBe(1n)
  expect(parseUnits('10000', 18)).toBe(10_000n * 10n ** 18n)
  expect(() => parseUnits('1.0000001', 6)).toThrow('Too many decimals')
  expect(() => parseUnits('1e5', 6)).toThrow('Invalid amount')
  expect(() => parseUnits('', 6)).toThrow('Invalid amount')
})
