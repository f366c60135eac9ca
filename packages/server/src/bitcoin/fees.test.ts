import { describe, expect, test } from 'vitest'
import { FEE_RATE_LIMITS, feeRates } from './fees.js'

describe('fee rates from /fee-estimates', () => {
  test('default: targets 144, 6 and 1 blocks', () => {
    expect(feeRates({ '1': 20, '3': 10, '6': 5, '144': 1 })).toEqual({ slow: 1, normal: 5, fast: 20 })
  })
  test('behavior: fractional rates round up; a missing target takes the next longer one', () => {
    expect(feeRates({ '2': 12.2, '10': 3.1, '504': 1.01 })).toEqual({ slow: 2, normal: 4, fast: 13 })
  })
  test('behavior: clamped to at least 1 and at most the ceiling; never faster-but-cheaper', () => {
    expect(feeRates({ '1': 0.2, '6': 0, '144': 0 })).toEqual({ slow: 1, normal: 1, fast: 1 })
    expect(feeRates({ '1': 1e9, '144': 8, '6': 3 })).toEqual({ slow: 8, normal: 8, fast: FEE_RATE_LIMITS.max })
  })
  test('behavior: no estimates (a fresh chain) offer the minimum', () => {
    expect(feeRates({})).toEqual({ slow: 1, normal: 1, fast: 1 })
  })
})
