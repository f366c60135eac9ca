import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * `--shard=i/n` by measured time, not by count: Vitest's own sharding splits the files into equal
 * counts by a hash of their paths, which put 655 s of journeys in one shard and 488 s in the other
 * (CI, 2 cores). Here each journey, longest first, goes to the shard with the least time so far
 * (durations.json: seconds per file, hooks included, as the default reporter prints them; refresh
 * it with `node scripts/e2e-durations.mjs` after a run of npm test). A journey not in the table
 * counts as the table's median. Every file lands in exactly one shard, whatever the table says.
 */
export class DurationSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!
    return shardByDuration(
      files.map((f) => relative(this.ctx.config.root, f.moduleId)),
      count,
      durations(),
    )[index - 1]!.map((name) => files.find((f) => relative(this.ctx.config.root, f.moduleId) === name)!)
  }
}

export function durations(): Record<string, number> {
  return JSON.parse(readFileSync(new URL('durations.json', import.meta.url), 'utf8')) as Record<string, number>
}

/** Greedy longest-first: each file, longest first, joins the shard with the least seconds (ties: the lower shard, then by name). */
export function shardByDuration(names: string[], count: number, table: Record<string, number>): string[][] {
  const known = Object.values(table).sort((a, b) => a - b)
  const fallback = known.length ? known[Math.floor(known.length / 2)]! : 1
  const seconds = (name: string) => table[name] ?? fallback
  const shards = Array.from({ length: count }, () => ({ total: 0, names: [] as string[] }))
  for (const name of [...names].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const least = shards.reduce((min, s) => (s.total < min.total ? s : min))
    least.names.push(name)
    least.total += seconds(name)
  }
  return shards.map((s) => s.names)
}
