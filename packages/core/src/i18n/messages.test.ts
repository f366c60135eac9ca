import { describe, expect, it } from 'vitest'
import { ErrorText } from '../spec/catalogue.js'
import { loadMessages } from './loadMessages.js'
import { Locales } from './locales.js'
import { en } from './messages/en.js'

const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('message catalogues (issue 19 Languages)', () => {
  it('English keeps the error catalogue of SPEC §8 verbatim, under stable keys', () => {
    expect(en['error.connectionRejected']).toBe(ErrorText.connectionRejected)
    expect(en['error.emailCooldown']).toBe(ErrorText.emailCooldown('{0}' as unknown as number).replace('{0}', '{0}'))
    for (const key of Object.keys(ErrorText)) expect(en).toHaveProperty(`error.${key}`)
  })

  for (const locale of Locales.filter((l) => l !== 'en')) {
    it(`${locale}: exactly the English keys (none missing, none extra), the same {parameters}, no empty text`, async () => {
      const messages = (await loadMessages({ locale }))!
      const missing = Object.keys(en).filter((key) => !(key in messages))
      const extra = Object.keys(messages).filter((key) => !(key in en))
      expect({ locale, missing, extra }).toEqual({ locale, missing: [], extra: [] })
      for (const [key, text] of Object.entries(en)) {
        const translated = (messages as Record<string, string>)[key]!
        expect(translated.trim(), `${locale} ${key}`).not.toBe('')
        expect(params(translated), `${locale} ${key}`).toEqual(params(text))
      }
    })
  }

  it('English is built in: loadMessages fetches nothing for it', async () => {
    expect(await loadMessages({ locale: 'en' })).toBeUndefined()
  })
})
