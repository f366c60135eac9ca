import { describe, expect, test } from 'vitest'
import { InvalidOptionsError } from '../errors/options.js'
import { resolveOptions } from '../options.js'
import { devnet } from '../test/fakes.js'
import { Locales } from './locales.js'

describe('the locale option (issue 19 Languages)', () => {
  test('English by default', () => {
    expect(resolveOptions({ adapters: [], networks: [devnet] }).locale).toBe('en')
  })

  test('each shipped locale is accepted', () => {
    for (const locale of Locales) expect(resolveOptions({ adapters: [], networks: [devnet], locale }).locale).toBe(locale)
  })

  test('error: an unknown locale is refused with InvalidOptionsError naming it (not silently shown in English)', () => {
    let error: unknown
    try {
      resolveOptions({ adapters: [], networks: [devnet], locale: 'xx' as never })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(InvalidOptionsError)
    expect((error as InvalidOptionsError).details).toBe('locale: locale must be one of en, es, zh-CN, ja, ko, fr, de, pt, ar')
  })
})
