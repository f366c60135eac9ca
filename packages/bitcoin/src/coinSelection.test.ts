import { describe, expect, test } from 'vitest'
import { DUST_LIMIT, estimateVsize, formatBtc, scriptKindOf, selectCoins } from './coinSelection.js'
import { BelowDustError, InsufficientBalanceError } from './errors.js'

const FROM = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
const TO = 'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv'
const utxo = (value: bigint, vout = 0) => ({ txid: 'ab'.repeat(32), vout, value })

describe('coin selection (largest-first)', () => {
  test('spends the largest coin first; change back above dust; fee = vsize × rate', () => {
    const result = selectCoins({ utxos: [utxo(10_000n, 0), utxo(100_000n, 1), utxo(50_000n, 2)], amount: 60_000n, feeRate: 2, from: FROM, to: TO })
    expect(result.inputs.map((i) => i.vout)).toEqual([1])
    const vsize = estimateVsize(1, 'p2wpkh', 'p2tr', true)
    expect(result.fee).toBe(BigInt(vsize * 2))
    expect(result.change).toBe(100_000n - 60_000n - result.fee)
  })

  test('adds coins until they cover amount and fee', () => {
    const result = selectCoins({ utxos: [utxo(30_000n, 0), utxo(40_000n, 1), utxo(20_000n, 2)], amount: 65_000n, feeRate: 1, from: FROM, to: TO })
    expect(result.inputs.map((i) => i.vout)).toEqual([1, 0])
    expect(result.fee + result.change + 65_000n).toBe(70_000n)
  })

  test('change below dust goes to the fee (no change output)', () => {
    const feeNoChange = BigInt(estimateVsize(1, 'p2wpkh', 'p2tr', false))
    const amount = 100_000n - feeNoChange - 300n
    const result = selectCoins({ utxos: [utxo(100_000n)], amount, feeRate: 1, from: FROM, to: TO })
    expect(result.change).toBe(0n)
    expect(result.fee).toBe(100_000n - amount)
    expect(result.fee).toBe(feeNoChange + 300n)
  })

  test('an amount below dust is a typed error (sendForm.belowDust)', () => {
    const error = (() => {
      try {
        selectCoins({ utxos: [utxo(100_000n)], amount: DUST_LIMIT - 1n, feeRate: 1, from: FROM, to: TO })
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(BelowDustError)
    expect(error).toMatchObject({ key: 'sendForm.belowDust', params: { 0: '0.00000546', 1: 'BTC' } })
  })

  test('coins that do not cover amount plus fee: Insufficient balance (typed)', () => {
    expect(() => selectCoins({ utxos: [utxo(10_000n), utxo(5_000n)], amount: 15_000n, feeRate: 1, from: FROM, to: TO })).toThrow(InsufficientBalanceError)
    expect(() => selectCoins({ utxos: [], amount: 1_000n, feeRate: 1, from: FROM, to: TO })).toThrow(InsufficientBalanceError)
    try {
      selectCoins({ utxos: [], amount: 1_000n, feeRate: 1, from: FROM, to: TO })
    } catch (error) {
      expect(error).toMatchObject({ key: 'sendForm.insufficientBalance' })
    }
  })

  test('script kinds and BTC formatting', () => {
    expect(scriptKindOf(FROM)).toBe('p2wpkh')
    expect(scriptKindOf(TO)).toBe('p2tr')
    expect(scriptKindOf('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toBe('p2pkh')
    expect(formatBtc(100_000_000n)).toBe('1')
    expect(formatBtc(123_450_000n)).toBe('1.2345')
  })
})
