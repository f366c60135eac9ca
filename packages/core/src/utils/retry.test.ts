import { describe, expect, test } from 'vitest'
import { fakeClock } from '../test/fakes.js'
import { retry } from './retry.js'

const settle = () => new Promise((r) => setTimeout(r, 0))

describe("SPEC §9 'Retry helper'", () => {
  test('rule: it takes an interval and a maximum number of tries; it tries again after the interval until one succeeds', async () => {
    const clock = fakeClock()
    let tries = 0
    const done = retry({ run: async () => (++tries < 3 ? Promise.reject(new Error('down')) : 'ok'), intervalMs: 1_000, maxTries: 5, clock })
    await settle()
    expect(tries).toBe(1)
    clock.advance(999)
    await settle()
    expect(tries).toBe(1)
    clock.advance(1)
    await settle()
    expect(tries).toBe(2)
    clock.advance(1_000)
    expect(await done).toBe('ok')
    expect(tries).toBe(3)
  })

  test('rule: after the maximum number of tries the last failure is thrown', async () => {
    const clock = fakeClock()
    let tries = 0
    const done = retry({ run: async () => Promise.reject(new Error(`down ${++tries}`)), intervalMs: 10, maxTries: 3, clock })
    done.catch(() => {}) // asserted below, once the tries are through
    for (let i = 0; i < 3; i++) {
      await settle()
      clock.advance(10)
    }
    await expect(done).rejects.toThrow('down 3')
    expect(tries).toBe(3)
  })

  test('behavior: a failure another try cannot fix ends at once', async () => {
    let tries = 0
    await expect(
      retry({ run: async () => Promise.reject(new Error(`no ${++tries}`)), intervalMs: 10, maxTries: 3, clock: fakeClock(), shouldRetry: () => false }),
    ).rejects.toThrow('no 1')
  })

  test('behavior: with a backoff each wait multiplies the one before (SPEC §7 RPC: 150 ms, then 300, then 600)', async () => {
    const clock = fakeClock()
    let tries = 0
    const done = retry({ run: async () => Promise.reject(new Error(`down ${++tries}`)), intervalMs: 150, backoff: 2, maxTries: 4, clock })
    done.catch(() => {})
    const triesAfter = async (ms: number) => {
      clock.advance(ms)
      await settle()
      return tries
    }
    await settle()
    expect(await triesAfter(149)).toBe(1)
    expect(await triesAfter(1)).toBe(2)
    expect(await triesAfter(299)).toBe(2)
    expect(await triesAfter(1)).toBe(3)
    expect(await triesAfter(599)).toBe(3)
    expect(await triesAfter(1)).toBe(4)
    await expect(done).rejects.toThrow('down 4')
  })
})
