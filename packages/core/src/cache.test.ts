import { describe, expect, test } from 'vitest'
import { createCache } from './cache.js'
import { memoryStorage } from './environment.js'
import { createStorage } from './storage.js'
import { fakeClock } from './test/fakes.js'

describe('SPEC §9 Cache lifetimes', () => {
  const cases = [
    ['portfolio', 30_000],
    ['nativeBalance', 30_000],
    ['name', 300_000],
    ['identity', 300_000],
    ['transactions', 15_000],
    ['tokenPrice', 15_000],
  ] as const
  for (const [kind, lifetime] of cases)
    test(`rule: the ${kind} cache lives ${lifetime / 1000} s`, () => {
      const clock = fakeClock()
      const cache = createCache(createStorage(memoryStorage()), clock)
      cache.set(kind, 'k', { v: 1 })
      clock.advance(lifetime - 1)
      expect(cache.get(kind, 'k')).toEqual({ v: 1 })
      clock.advance(1)
      expect(cache.get(kind, 'k')).toBeUndefined()
    })

  test('entries are kept in browser storage, so a reload within the lifetime hits', () => {
    const clock = fakeClock()
    const backing = memoryStorage()
    createCache(createStorage(backing), clock).set('identity', '0xabc', { name: 'alice' })
    expect(createCache(createStorage(backing), clock).get('identity', '0xabc')).toEqual({ name: 'alice' })
  })
})
