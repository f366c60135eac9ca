import { readdirSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { durations, shardByDuration } from '../e2e/support/sequencer.js'

const journeys = readdirSync(new URL('../e2e', import.meta.url)).filter((f) => f.endsWith('.e2e.ts'))

describe('journey shards by measured time (e2e/support/sequencer.ts)', () => {
  test('every journey runs in exactly one shard, for 1 to 4 shards', () => {
    for (const count of [1, 2, 3, 4]) {
      const shards = shardByDuration(journeys, count, durations())
      expect(shards).toHaveLength(count)
      expect(shards.flat().sort()).toEqual([...journeys].sort())
    }
  })

  test('longest first, each to the shard with the least time; a file not in the table counts as the median', () => {
    const table = { 'a.e2e.ts': 100, 'b.e2e.ts': 60, 'c.e2e.ts': 50, 'd.e2e.ts': 10, 'e.e2e.ts': 5 }
    // a → 1 (100); b → 2 (60); c → 2 (110); d → 1 (110); e → 1 on the tie (115).
    expect(shardByDuration(Object.keys(table), 2, table)).toEqual([
      ['a.e2e.ts', 'd.e2e.ts', 'e.e2e.ts'],
      ['b.e2e.ts', 'c.e2e.ts'],
    ])
    // new.e2e.ts counts as 50 s: after a (100) and b (60), it joins b's shard, as c does.
    expect(shardByDuration(['a.e2e.ts', 'b.e2e.ts', 'new.e2e.ts'], 2, table)).toEqual([['a.e2e.ts'], ['b.e2e.ts', 'new.e2e.ts']])
  })

  test('the committed table splits the journeys into two shards within a minute of each other', () => {
    const table = durations()
    const known = journeys.filter((f) => f in table)
    const totals = shardByDuration(known, 2, table).map((names) => names.reduce((sum, n) => sum + table[n]!, 0))
    expect(Math.abs(totals[0]! - totals[1]!)).toBeLessThan(60)
  })
})
