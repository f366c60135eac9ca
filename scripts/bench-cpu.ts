// `npm run bench:cpu`: the server's CPU per request on the cached paths, measured in process — the app's own
// fetch handler (every middleware, validation, cache, serialization; no sockets, no load generator competing for
// the CPU), process.cpuUsage() over N requests, 50 at a time. Each round alternates the paths; the figure is the
// median of the rounds (and the lowest). A shared machine's load moves it less than req/s, but still: compare runs
// made back to back. Options: --requests per round (4000), --rounds (5), --log-level (warn; info writes request lines).
import { DEV_ACCOUNTS, startDevnet } from '@portico/devnet'
import { startTestServer } from '@portico/server/testing'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'

const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '4000' }, rounds: { type: 'string', default: '5' }, 'log-level': { type: 'string', default: 'warn' } },
})
const account = DEV_ACCOUNTS[0]!.address
const devnet = await startDevnet({ randomPorts: true })
const server = await startTestServer({
  rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
  outboundAllowOrigins: [devnet.fixturesUrl],
  rateLimits: { perIpPerMinute: 100_000_000, perProjectPerMinute: 100_000_000 },
  logLevel: args['log-level'] as 'warn',
})
const paths = {
  'wallets list': '/getWallets?projectId=portico-dev&page=1&entries=40',
  balance: `/v1/account/${account}/balance?projectId=portico-dev&chainId=eip155:31337&currency=usd`,
}
const n = Number(args.requests)
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(paths).map((k) => [k, []]))
try {
  for (const path of Object.values(paths)) if (!(await server.app.fetch(new Request(`${server.url}${path}`))).ok) throw new Error(`warm-up failed: ${path}`)
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const [what, path] of Object.entries(paths)) {
      const url = `${server.url}${path}`
      let next = 0
      const before = process.cpuUsage()
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (next++ < n) {
            const res = await server.app.fetch(new Request(url))
            if (res.status !== 200) throw new Error(`${what}: ${res.status}`)
            await res.arrayBuffer()
          }
        }),
      )
      const cpu = process.cpuUsage(before)
      samples[what]!.push((cpu.user + cpu.system) / n)
    }
  }
} finally {
  await server.close()
  await devnet.stop()
}
for (const [what, values] of Object.entries(samples)) {
  const sorted = [...values].sort((a, b) => a - b)
  console.log(
    `${what}: ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} µs/req median, ${Math.round(sorted[0]!)} lowest (${args.rounds} × ${n} requests, log level ${args['log-level']})`,
  )
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
process.exit(0)
