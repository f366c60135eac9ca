import { Locales } from '@portico/core/i18n'
import { parseAppMessage } from '@portico/embedded/protocol'
import { afterEach, describe, expect, it } from 'vitest'
import { en } from './en.js'
import { formatDecimal, frameLocale, setFrameLocale, t } from './index.js'
import { loadFrameMessages } from './load.js'

const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('the secure frame speaks the modal language (issue 19 Languages)', () => {
  afterEach(() => setFrameLocale('en'))

  for (const locale of Locales.filter((l) => l !== 'en')) {
    it(`${locale}: exactly the English keys (none missing, none extra), the same {parameters}, no empty text`, async () => {
      const messages = (await loadFrameMessages(locale))!
      expect(Object.keys(en).filter((key) => !(key in messages))).toEqual([])
      expect(Object.keys(messages).filter((key) => !(key in en))).toEqual([])
      for (const [key, text] of Object.entries(messages)) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('')
        expect(params(text), `${locale} ${key}`).toEqual(params(en[key as keyof typeof en]))
      }
    })
  }

  it('the safety words are translated, not left in English', async () => {
    for (const locale of Locales.filter((l) => l !== 'en')) {
      const messages = (await loadFrameMessages(locale))!
      for (const key of ['approval.approve', 'approval.reject', 'warn.unlimited', 'warn.permitUnlimited', 'hidden.warningBidi'] as const)
        expect(messages[key], `${locale} ${key}`).not.toBe(en[key])
    }
  })

  it('error: an unknown locale is refused by the protocol (SYNC_LOCALE) and by the frame, which keeps its language', async () => {
    const parsed = parseAppMessage({ type: '@portico-app/SYNC_LOCALE', id: 'a'.repeat(32), payload: { locale: 'xx' } })
    expect('error' in parsed && parsed.error).toContain('locale must be one of en, es, zh-CN, ja, ko, fr, de, pt, ar')
    const ok = parseAppMessage({ type: '@portico-app/SYNC_LOCALE', id: 'a'.repeat(32), payload: { locale: 'ja' } })
    expect('error' in ok).toBe(false)
    await setFrameLocale('ja')
    for (const bad of ['xx', 'EN', '', null, { toString: () => 'ja' }, '__proto__'])
      await expect(setFrameLocale(bad)).rejects.toThrow('locale must be one of en, es, zh-CN, ja, ko, fr, de, pt, ar')
    expect(frameLocale()).toBe('ja')
    expect(t('approval.approve')).toBe('承認')
  })

  it('texts and numbers follow the locale; amounts are never rounded', async () => {
    expect(t('warn.alsoSends', { amount: '1 ETH' })).toBe('This token call also sends 1 ETH.')
    expect(formatDecimal('1234567.000000000000000001')).toBe('1,234,567.000000000000000001')
    await setFrameLocale('de')
    expect(formatDecimal('1234567.5')).toBe('1.234.567,5')
    expect(t('approval.reject')).toBe('Ablehnen')
    await setFrameLocale('fr')
    expect(formatDecimal('-0.25')).toBe('-0,25')
    await setFrameLocale('en')
    expect(t('approval.reject')).toBe('Reject')
  })
})
