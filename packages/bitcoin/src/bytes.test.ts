import { base64 as scureBase64, hex as scureHex } from '@scure/base'
import { describe, expect, test } from 'vitest'
import { base64, hex } from './bytes.js'

describe('hex and base64', () => {
  test('match @scure/base both ways', () => {
    for (const length of [0, 1, 2, 3, 31, 32, 33, 200]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + 11) % 256)
      expect(hex.encode(bytes)).toBe(scureHex.encode(bytes))
      expect(base64.encode(bytes)).toBe(scureBase64.encode(bytes))
      expect(hex.decode(scureHex.encode(bytes))).toEqual(bytes)
      expect(base64.decode(scureBase64.encode(bytes))).toEqual(bytes)
    }
    expect(() => hex.decode('abc')).toThrow()
    expect(() => hex.decode('zz')).toThrow()
  })
})
