// `npm run bench`: the server's throughput and latency, printed as figures (asserts nothing; not part of
// `npm test`). A devnet and a server on PGlite (and a second on PostgreSQL when DATABASE_URL is set) run in
// this process; autocannon runs in a child process against five paths — the wallets list, a balance
// (read on the devnet, ETH priced by its Chainlink-style feed), a history page (indexed rows), and a Bitcoin
// (bip122) balance and history page, read from the local regtest chain's Esplora API — and prints req/s and p50/p99. Then scripts/bench-relay.ts, in another child, pairs 1,000 relay clients
// (500 topics, one publisher and one subscriber each) and prints the message latency p50/p99: once with the
// messages spread over 5 s (500 a second), once in bursts from every pair at once.
// Each path also prints the server's CPU per request (process.cpuUsage() of this process, which runs the server,
// over the run, divided by the requests served: the figure a shared machine's load average does not distort much).
// REDIS_URL: the servers use that Redis (the relay's mailbox, rate limits, balance cache), as several instances do.
// Options: --duration seconds per path (10), --connections (50), --clients relay clients (1000), --only a
// comma list of paths (wallets,balance,history,btc-balance,btc-history,relay), --no-cache (requests say Cache-Control: no-cache: the paths'
// uncached reads). Profile: node --cpu-prof … scripts/bench.ts --only balance.
import { DEV_ACCOUNTS, startDevnet } from '@portico/devnet'
import { startBitcoinDevnet } from '@portico/devnet/bitcoin'
import { startTestServer } from '@portico/server/testing'
import { execFile } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs, promisify } from 'node:util'

// Async: the server answers from this process's event loop while the child runs.
const run = async (file: string, argv: string[]) => (await promisify(execFile)(file, argv, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 })).stdout

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    clients: { type: 'string', default: '1000' },
    only: { type: 'string', default: 'wallets,balance,history,btc-balance,btc-history,relay' },
    'no-cache': { type: 'boolean', default: false },
  },
})
const root = fileURLToPath(new URL('..', import.meta.url))
const account = DEV_ACCOUNTS[0]!.address

const devnet = await startDevnet({ randomPorts: true })
// No block timer: the dev account's funding coins are its history; a new block would only empty the caches mid-run.
const bitcoin = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })
const bitcoinAccount = bitcoin.accounts[0]!.payment.address
const databases: Array<[string, string | undefined]> = [['PGlite', undefined]]
if (process.env.DATABASE_URL) databases.push(['PostgreSQL', process.env.DATABASE_URL])
const lines: string[] = []
try {
  for (const [label, databaseUrl] of databases) {
    const server = await startTestServer({
      ...(databaseUrl ? { databaseUrl } : {}),
      // The relay's mailbox and fan-out (and rate limits, the balance cache) in Redis when REDIS_URL is set.
      ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
      rpcUrls: { ...Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])), [bitcoin.caip2]: bitcoin.url },
      outboundAllowOrigins: [devnet.fixturesUrl],
      rateLimits: { perIpPerMinute: 100_000_000, perProjectPerMinute: 100_000_000 },
      relay: {
        maxConnectionsPerIp: 5_000,
        maxConnectionsPerProject: 5_000,
        rateLimit: { perSecond: 10_000, burst: 10_000 },
        publishBytesPerIp: { perSecond: 1 << 30, burst: 1 << 30 },
        readBytesPerIp: { perSecond: 1 << 30, burst: 1 << 30 },
      },
    })
    try {
      const only = new Set(args.only.split(','))
      const paths = (
        [
          ['wallets list', '/getWallets?projectId=portico-dev&page=1&entries=40', 'wallets'],
          ['balance', `/v1/account/${account}/balance?projectId=portico-dev&chainId=eip155:31337&currency=usd`, 'balance'],
          ['history', `/v1/account/${account}/history?projectId=portico-dev&chainId=eip155:31337`, 'history'],
          ['bitcoin balance', `/v1/account/${bitcoinAccount}/balance?projectId=portico-dev&chainId=${bitcoin.caip2}&currency=usd`, 'btc-balance'],
          ['bitcoin history', `/v1/account/${bitcoinAccount}/history?projectId=portico-dev&chainId=${bitcoin.caip2}`, 'btc-history'],
        ] as const
      ).filter(([, , id]) => only.has(id))
      for (const [what, path] of paths) {
        // Warm: the registry seed, the first chain reads and the price feed's cache.
        const warm = await fetch(`${server.url}${path}`)
        if (!warm.ok) throw new Error(`${what}: ${warm.status} ${await warm.text()}`)
        const cpuBefore = process.cpuUsage()
        const headers = args['no-cache'] ? ['-H', 'cache-control=no-cache'] : []
        const out = await run('npx', ['autocannon', '--json', ...headers, '-c', args.connections, '-d', args.duration, `${server.url}${path}`])
        const cpu = process.cpuUsage(cpuBefore)
        const r = JSON.parse(out) as {
          requests: { average: number; total: number }
          latency: { p50: number; p99: number }
          non2xx: number
          errors: number
          timeouts: number
        }
        const cpuPerRequest = Math.round((cpu.user + cpu.system) / Math.max(1, r.requests.total))
        const line = `${label} ${what}${args['no-cache'] ? ' (no-cache)' : ''}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, server CPU ${cpuPerRequest} µs/req (${args.connections} connections, ${args.duration} s; non-2xx ${r.non2xx}, errors ${r.errors + r.timeouts}; load average ${loadavg()[0]!.toFixed(1)})`
        console.log(line)
        lines.push(line)
      }
      if (!only.has('relay')) continue
      for (const mode of ['--spread', '--burst']) {
        const relay = (
          await run('node', [
            '--conditions=@portico/source',
            '--import',
            'tsx',
            'scripts/bench-relay.ts',
            `${server.url.replace('http', 'ws')}/relay`,
            args.clients,
            mode,
          ])
        ).trim()
        console.log(`${label} ${relay}`)
        lines.push(`${label} ${relay}`)
      }
    } finally {
      await server.close()
    }
  }
} finally {
  await Promise.all([devnet.stop(), bitcoin.stop()])
}
console.log(`\n${lines.join('\n')}`)
process.exit(0)
