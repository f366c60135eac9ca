// `node --import tsx scripts/cpuprofile-top.ts <file.cpuprofile> [n] [window]`: the top self-time frames of a V8 CPU
// profile (node --cpu-prof), by function and file:line, with their share of the sampled time (idle excluded).
// window `a-b` (seconds from the profile's start) counts only those samples, e.g. the load phase of a bench.
import { readFileSync } from 'node:fs'

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
const [file, n = '25', window] = process.argv.slice(2)
if (!file) throw new Error('usage: cpuprofile-top.ts <file.cpuprofile> [n]')
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] }
const selfUs = new Map<number, number>()
const [from, to] = window ? window.split('-').map((v) => Number(v) * 1e6) : [0, Number.POSITIVE_INFINITY]
let at = 0
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0
  if (at >= from! && at <= to!) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
})
console.log(`profile ${(at / 1e6).toFixed(1)} s; window ${window ?? 'all'}`)
const byFrame = new Map<string, number>()
let busy = 0
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0
  const { functionName, url, lineNumber } = node.callFrame
  if (functionName === '(idle)' || functionName === '(program)') continue
  busy += us
  const where = url ? `${url.replace(/^.*\/node_modules\//, '~/').replace(/^file:\/\/.*\/(packages|scripts)\//, '$1/')}:${lineNumber + 1}` : ''
  const key = `${functionName || '(anonymous)'} ${where}`
  byFrame.set(key, (byFrame.get(key) ?? 0) + us)
}
console.log(`busy ${(busy / 1000).toFixed(0)} ms sampled`)
for (const [key, us] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, Number(n)))
  console.log(`${((100 * us) / busy).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`)
