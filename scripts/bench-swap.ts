// `npm run bench:swap`: how fast the server quotes a swap on the devnet (Uniswap V2 pools read on
// chain): a real devnet and server, N quotes one after the other, then in parallel; prints p50/p99.
// Not part of `npm test`: it prints figures and asserts nothing.
import { DEVNET_CONTRACTS, DEVNET_SWAP, startDevnet } from '@portico/devnet'
import { startTestServer } from '@portico/server/testing'
import { parseArgs } from 'node:util'

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '200' }, parallel: { type: 'string', default: '10' } } })
const runs = Number(args.runs)
const devnet = await startDevnet({ randomPorts: true })
const server = await startTestServer({
  rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
  rateLimits: { perIpPerMinute: 1_000_000, perProjectPerMinute: 1_000_000 },
  indexer: { enabled: false, pollMs: 1000, batchBlocks: 20, backfillBlocks: 0 },
})
const user = 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const pairs = [
  ['ETH → USDC (direct pool)', 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', `eip155:31337:${DEVNET_CONTRACTS.usdc}`, '1000000000000000000'],
  ['USDC → DAI (through WETH)', `eip155:31337:${DEVNET_CONTRACTS.usdc}`, `eip155:31337:${DEVNET_SWAP.dai}`, '100000000'],
] as const

async function quote(from: string, to: string, amount: string) {
  const query = new URLSearchParams({ projectId: 'portico-dev', from, to, amount, userAddress: user })
  const started = performance.now()
  const res = await fetch(`${server.url}/v1/convert/quotes?${query}`)
  if (!res.ok) throw new Error(`quote ${res.status}: ${await res.text()}`)
  await res.json()
  return performance.now() - started
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

try {
  console.log(`quotes on the devnet, ${runs} each (after 10 warm-up), sequential and ${args.parallel} in parallel:`)
  for (const [name, from, to, amount] of pairs) {
    for (let i = 0; i < 10; i++) await quote(from, to, amount)
    const sequential: number[] = []
    for (let i = 0; i < runs; i++) sequential.push(await quote(from, to, amount))
    const parallel: number[] = []
    const started = performance.now()
    for (let i = 0; i < runs; i += Number(args.parallel))
      parallel.push(...(await Promise.all(Array.from({ length: Number(args.parallel) }, () => quote(from, to, amount)))))
    const seconds = (performance.now() - started) / 1000
    const s = sequential.sort((a, b) => a - b)
    const p = parallel.sort((a, b) => a - b)
    console.log(
      `  ${name.padEnd(26)} sequential p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms; ` +
        `parallel p50 ${percentile(p, 50).toFixed(1)} ms, p99 ${percentile(p, 99).toFixed(1)} ms, ${(parallel.length / seconds).toFixed(0)} quotes/s`,
    )
  }
} finally {
  await server.close()
  await devnet.stop()
}
