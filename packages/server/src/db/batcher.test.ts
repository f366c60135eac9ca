import { describe, expect, test } from 'vitest'
import { batcher } from './batcher.js'

describe('batcher (group commit)', () => {
  test('calls made together share one run; calls during a run wait for the next, in order', async () => {
    const runs: number[][] = []
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const double = batcher<number, number>(async (items) => {
      runs.push(items)
      if (runs.length === 1) await gate
      return items.map((i) => i * 2)
    })
    const first = [1, 2, 3].map(double)
    await new Promise((r) => setImmediate(r))
    const second = [4, 5].map(double)
    release()
    expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10])
    expect(runs).toEqual([
      [1, 2, 3],
      [4, 5],
    ])
  })

  test('one item per key per run, the rest in the next run in their order; max bounds a run', async () => {
    const runs: string[][] = []
    const echo = batcher<string, string>(
      async (items) => {
        runs.push(items)
        return items
      },
      { key: (s) => s[0]!, max: 3 },
    )
    await Promise.all(['a1', 'b1', 'a2', 'c1', 'd1', 'a3'].map(echo))
    expect(runs).toEqual([['a1', 'b1', 'c1'], ['a2', 'd1'], ['a3']])
  })

  test("a failed run fails that run's calls only", async () => {
    let calls = 0
    const flaky = batcher<number, number>(async (items) => {
      if (++calls === 1) throw new Error('db down')
      return items
    })
    const failed = Promise.allSettled([flaky(1), flaky(2)])
    expect((await failed).map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(await flaky(3)).toBe(3)
  })
})
