import { describe, expect, test } from 'vitest'
import { embeddedTestPortico } from '../test/fakeEmbedded.js'
import { availableSocials, emailLoginAvailable, restrictedSocials } from './socials.js'
import { platformOf } from '../embedded/browser.js'

describe("SPEC §5 'Social restrictions'", () => {
  test('rule: on Telegram, no google on iOS, no x on Mac, no facebook or x on Android', () => {
    expect(restrictedSocials('ios', true)).toEqual(['google'])
    expect(restrictedSocials('mac', true)).toEqual(['x'])
    expect(restrictedSocials('android', true)).toEqual(['facebook', 'x'])
    expect(restrictedSocials('ios', false)).toEqual([])
    const { portico } = embeddedTestPortico({ environment: { isTelegram: () => true, platform: () => 'android' } as never })
    expect(availableSocials(portico)).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
  })

  test('rule: when the pay feature is on, email and socials are disabled', () => {
    const { portico } = embeddedTestPortico({ features: { pay: true } })
    expect(availableSocials(portico)).toEqual([])
    expect(emailLoginAvailable(portico)).toBe(false)
    const other = embeddedTestPortico()
    expect(emailLoginAvailable(other.portico)).toBe(true)
    expect(availableSocials(other.portico)).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })

  test('behavior: without the embeddedWallet option there is no email or social login', () => {
    const { portico } = embeddedTestPortico({ embeddedWallet: undefined })
    expect(emailLoginAvailable(portico)).toBe(false)
    expect(availableSocials(portico)).toEqual([])
  })

  test('behavior: the platform comes from the user agent (iPadOS reports a Mac with touch)', () => {
    expect(platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios')
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios')
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)')).toBe('mac')
    expect(platformOf('Mozilla/5.0 (Linux; Android 14)')).toBe('android')
  })
})
