// The relay half of `npm run bench` (run by scripts/bench.ts in its own process, so the clients do not share
// the server's event loop): `bench-relay.ts <ws://…/relay> <clients>` connects the clients (ed25519 identities,
// the SDK's JSON-RPC), pairs them on one topic per pair (one subscribes, the other publishes), lets the
// subscriptions settle, then sends ROUNDS messages per pair at random moments over SPREAD_MS (an open load of
// pairs × ROUNDS / SPREAD messages a second, as many independent sessions make), and prints one line: the
// publish-to-delivery latency p50/p99. `--burst` (third argument) sends each round from all pairs at once instead:
// the queueing of a thundering herd, not a per-message latency.
import { connectRelayClient, type RelayTestClient } from '@portico/server/relay/testing'
import { randomBytes } from 'node:crypto'

const ROUNDS = 5
const SPREAD_MS = 5000
const [relayUrl, count = '1000', mode] = process.argv.slice(2)
const burst = mode === '--burst'
if (!relayUrl) throw new Error('usage: bench-relay.ts ws://host:port/relay [clients]')
const pairs = Math.floor(Number(count) / 2)

const clients: RelayTestClient[] = []
const connectStarted = performance.now()
// Connected 50 at a time: the handshake (JWT check) is the costly part and this is not a connect storm test.
for (let i = 0; i < pairs * 2; i += 50) {
  const batch = await Promise.all(Array.from({ length: Math.min(50, pairs * 2 - i) }, () => connectRelayClient(relayUrl, { autoAck: true })))
  clients.push(...batch)
}
const connectMs = performance.now() - connectStarted

const latencies: number[] = []
const topics = Array.from({ length: pairs }, () => randomBytes(32).toString('hex'))
await Promise.all(
  topics.map(async (topic, i) => {
    const subscriber = clients[2 * i + 1]!
    subscriber.ws.on('message', (data) => {
      const frame = JSON.parse(data.toString())
      if (frame.method === 'irn_subscription') latencies.push(performance.now() - Number(frame.params.data.message))
    })
    await subscriber.request('irn_subscribe', { topic })
  }),
)
// The subscriptions' first mailbox reads finish before the messages start.
await new Promise((r) => setTimeout(r, 2000))
const publishOne = (i: number) => clients[2 * i]!.request('irn_publish', { topic: topics[i]!, message: String(performance.now()), ttl: 300, tag: 1108 })
const started = performance.now()
if (burst) {
  await Promise.all(
    topics.map(async (_, i) => {
      for (let round = 0; round < ROUNDS; round++) {
        await publishOne(i)
        await new Promise((r) => setTimeout(r, 20))
      }
    }),
  )
} else {
  const sends = topics.flatMap((_, i) => Array.from({ length: ROUNDS }, () => ({ i, at: Math.random() * SPREAD_MS })))
  await Promise.all(sends.map(({ i, at }) => new Promise((r) => setTimeout(r, at)).then(() => publishOne(i))))
}
const seconds = (performance.now() - started) / 1000
const expected = pairs * ROUNDS
const until = Date.now() + 30_000
while (latencies.length < expected && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
await Promise.all(clients.map((c) => c.close()))

const sorted = [...latencies].sort((a, b) => a - b)
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]?.toFixed(1)
console.log(
  `relay${burst ? ' (burst)' : ''}: ${clients.length} clients (${pairs} pairs, connected in ${(connectMs / 1000).toFixed(1)} s), ${sorted.length}/${expected} messages delivered (${Math.round(expected / seconds)}/s), latency p50 ${at(50)} ms, p99 ${at(99)} ms`,
)
process.exit(0)
