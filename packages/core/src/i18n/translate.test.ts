import { describe, expect, it } from 'vitest'
import { ErrorText } from '../spec/catalogue.js'
import { SendFormText } from '../send/sendForm.js'
import { formatAmount } from './format.js'
import { formatUsdIn } from './intl.js'
import { localeDirection } from './locales.js'
import { es } from './messages/es.js'
import { catalogueKeyOf, localizeText } from './localize.js'
import { translate } from './translate.js'

describe('translate', () => {
  it('fills {parameters}; a missing message falls back to English, then to the key', () => {
    expect(translate(es, 'common.continueIn', { name: 'MetaMask' })).toBe('Continúa en MetaMask')
    expect(translate({}, 'modal.close', undefined, { 'modal.close': 'Close' })).toBe('Close')
    expect(translate({}, 'modal.close')).toBe('modal.close')
  })

  it("core's English texts (errors, alerts' owners, the send form) map back to their key, with parameters", () => {
    expect(catalogueKeyOf(ErrorText.transactionRejected)).toEqual({ key: 'error.transactionRejected' })
    expect(catalogueKeyOf(ErrorText.emailCooldown(42))).toEqual({ key: 'error.emailCooldown', params: { 0: '42' } })
    expect(catalogueKeyOf(SendFormText.belowRentExemptMinimum('0.00089088', 'SOL'))).toEqual({
      key: 'sendForm.belowRentExemptMinimum',
      params: { 0: '0.00089088', 1: 'SOL' },
    })
    expect(catalogueKeyOf('execution reverted: custom wallet text')).toBeUndefined()
  })

  it('the UI shows the localized text of a catalogued error; any other text as it is', () => {
    expect(localizeText(es, ErrorText.connectionRejected)).toBe('Conexión rechazada')
    expect(localizeText(es, ErrorText.emailCooldown(30))).toBe('Vuelve a intentarlo en 30 segundos')
    expect(localizeText(es, 'User denied')).toBe('User denied')
    expect(localizeText(undefined, ErrorText.connectionRejected)).toBe(ErrorText.connectionRejected)
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
