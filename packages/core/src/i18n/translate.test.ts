import { describe, expect, it } from 'vitest'
import { formatAmount } from './format.js'
import { formatUsdIn } from './intl.js'
import { localeDirection } from './locales.js'
import { es } from './messages/es.js'
import { translate } from './translate.js'

describe('translate', () => {
  it('fills {parameters}; a missing message falls back to English, then to the key', () => {
    expect(translate(es, 'common.continueIn', { name: 'MetaMask' })).toBe('Continúa en MetaMask')
    expect(translate({}, 'modal.close', undefined, { 'modal.close': 'Close' })).toBe('Close')
    expect(translate({}, 'modal.close')).toBe('modal.close')
  })
})

describe('Intl formatting with the locale (SPEC §5 display rules kept)', () => {
  it('balances are truncated down to 3 decimals, then written the locale way', () => {
    expect(formatAmount('en', '1234.56789')).toBe('1,234.567')
    expect(formatAmount('de', '1234.56789')).toBe('1.234,567')
    expect(formatAmount('fr', '0.9999')).toBe('0,999')
    expect(formatAmount('en', '2')).toBe('2.000')
    // Exact decimals: nothing is rounded through a float.
    expect(formatAmount('en', '123456789012345.6789')).toBe('123,456,789,012,345.678')
  })

  it('USD with 2 decimals in each locale', () => {
    expect(formatUsdIn('en', 1234.5)).toBe('$1,234.50')
    expect(formatUsdIn('de', 1234.5)).toBe('1.234,50\u00a0$')
    expect(formatUsdIn('ja', 0)).toBe('$0.00')
    // Right to left the symbol stays one piece (isolated), not '$US'.
    expect(formatUsdIn('ar', 12.5)).toBe('\u200f12.50\u00a0\u2066US$\u2069')
  })

  it('Arabic is written right to left; the others left to right', () => {
    expect(localeDirection('ar')).toBe('rtl')
    expect(localeDirection('ja')).toBe('ltr')
  })
})
