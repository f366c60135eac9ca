/**
 * Security: one client address must not be able to exhaust the process that also runs the API and
 * auth through the WalletConnect relay. The attack runs against the real server with its default
 * limits: from one address (127.0.0.2) 300 relay connections with valid did:key JWTs (anyone can mint
 * them), then 512 KB publishes on every socket it got, while a real WalletConnect pairing (SDK dapp
 * and the test wallet, from 127.0.0.1) completes and a personal_sign round-trips. The test fails if
 * the attack succeeds: more sockets than the per-address cap, any 512 KB message accepted or stored,
 * the flood sockets cut off instead of answered, or the pairing or the signature not getting through.
 */
import { createWalletConnectTestWallet } from '@portico/test-wallets/walletconnect'
import { createTestDapp } from '@portico/test-wallets/walletconnect/testing'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { toHex, verifyMessage } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_RELAY_LIMITS } from '../relay/limits.js'
import { signClientJwt } from '../relay/jwt.js'
import { connectRelayClient } from '../relay/testing.js'
import { startTestServer } from '../testing.js'

type Server = Awaited<ReturnType<typeof startTestServer>>
let server: Server
let relayUrl: string
const toClose: Array<{ close(): Promise<void> }> = []
const ATTACKER = '127.0.0.2'
// personal_sign is signed locally by the test wallet: no chain is contacted.
const rpc = { 'eip155:31337': 'http://127.0.0.1:9' }
const MB = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`

beforeAll(async () => {
  server = await startTestServer({ indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 0 } })
  relayUrl = `${server.url.replace('http', 'ws')}/relay`
}, 60_000)
afterAll(async () => {
  for (const c of toClose.reverse()) await c.close().catch(() => undefined)
  await server?.close()
}, 30_000)

/** Pairs an SDK dapp with the test wallet through the relay, then has the wallet personal_sign. */
async function pairAndSign(label: string) {
  const wallet = await createWalletConnectTestWallet({ relayUrl, privateKey: generatePrivateKey(), rpc })
  const dapp = await createTestDapp(relayUrl)
  toClose.push(wallet, dapp)
  const pairingStarted = performance.now()
  const { uri, approval } = await dapp.connect(Object.keys(rpc))
  const approved = approval()
  await wallet.pair(uri!)
  const session = await approved
  const pairingMs = performance.now() - pairingStarted
  const signStarted = performance.now()
  const message = `${label} ${randomBytes(4).toString('hex')}`
  const signature = await dapp.client.request<`0x${string}`>({
    topic: session.topic,
    chainId: 'eip155:31337',
    request: { method: 'personal_sign', params: [toHex(message), wallet.address] },
  })
  const signMs = performance.now() - signStarted
  expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
  return { pairingMs, signMs }
}

/**
 * The attacker runs in a child process of its own (plain Node and `ws`), so that its CPU and memory
 * are not counted as the server's. It reads {url, address, tokens} on stdin, opens one socket per
 * token at once, reports, floods 512 KB publishes on the sockets it got until it reads "stop", and
 * reports again. It signs nothing: the JWTs are minted here (as cheaply as an attacker would).
 */
const ATTACKER_SCRIPT = `
import WebSocket from 'ws'
import { randomBytes } from 'node:crypto'
import { createInterface } from 'node:readline'
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()
const { url, address, tokens, messageBytes } = JSON.parse((await lines.next()).value)
const say = (o) => process.stdout.write(JSON.stringify(o) + '\\n')
const results = await Promise.all(tokens.map((token) => new Promise((resolve) => {
  const ws = new WebSocket(url + '?auth=' + token + '&projectId=portico-dev&ua=flood', { localAddress: address })
  ws.once('open', () => resolve({ ws }))
  ws.once('unexpected-response', (_q, res) => resolve({ refused: res.statusCode }))
  ws.once('error', (e) => resolve({ refused: e.message }))
})))
const open = results.filter((r) => r.ws).map((r) => r.ws)
const refused = {}
for (const r of results) if (r.refused) refused[r.refused] = (refused[r.refused] ?? 0) + 1
say({ accepted: open.length, refused })
const big = 'x'.repeat(messageBytes)
const codes = {}
let stop = false, sent = 0, closes = {}
const flood = open.map((ws, n) => new Promise((resolve) => {
  let id = 1e15 + n * 1e6
  const next = () => {
    if (stop || ws.readyState !== WebSocket.OPEN) return resolve()
    sent++
    ws.send('{"id":' + (++id) + ',"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"' + randomBytes(32).toString('hex') + '","message":"' + big + '","ttl":2592000,"tag":1108}}')
  }
  ws.on('message', (d) => {
    const reply = JSON.parse(d.toString())
    const code = String(reply.error?.code ?? 'accepted')
    codes[code] = (codes[code] ?? 0) + 1
    next()
  })
  ws.on('close', (code) => { closes[code] = (closes[code] ?? 0) + 1; resolve() })
  next()
}))
const ticker = setInterval(() => say({ sent }), 100)
await lines.next()
stop = true
clearInterval(ticker)
await Promise.race([Promise.all(flood), new Promise((r) => setTimeout(r, 5000))])
say({ done: true, sent, codes, closes, stillOpen: open.filter((ws) => ws.readyState === WebSocket.OPEN).length })
process.exit(0)
`

interface Attacker {
  reports: Array<Record<string, unknown>>
  next<T>(pick: (r: Record<string, unknown>) => boolean): Promise<T>
  stop(): void
  kill(): void
}

function startAttacker(input: { url: string; address: string; tokens: string[]; messageBytes: number }): Attacker {
  const child = spawn(process.execPath, ['--input-type=module', '-e', ATTACKER_SCRIPT], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] })
  const reports: Array<Record<string, unknown>> = []
  let buffered = ''
  child.stdout!.on('data', (d: Buffer) => {
    buffered += d.toString()
    const lines = buffered.split('\n')
    buffered = lines.pop()!
    for (const line of lines) if (line.trim()) reports.push(JSON.parse(line))
  })
  child.stdin!.write(`${JSON.stringify(input)}\n`)
  return {
    reports,
    async next<T>(pick: (r: Record<string, unknown>) => boolean) {
      const until = Date.now() + 60_000
      for (;;) {
        const found = reports.find(pick)
        if (found) return found as T
        if (child.exitCode !== null && !reports.some(pick)) throw new Error(`attacker exited with ${child.exitCode}`)
        if (Date.now() > until) throw new Error('attacker: no report')
        await new Promise((r) => setTimeout(r, 10))
      }
    },
    stop: () => void child.stdin!.write('stop\n'),
    kill: () => void (child.exitCode === null && child.kill()),
  }
}

describe('security: relay flood from one address', () => {
  test('300 sockets and 512 KB messages from one address: over-cap sockets get 429, big messages -32004, a real pairing and personal_sign get through', async () => {
    const gc = (globalThis as { gc?: () => void }).gc
    await pairAndSign('warm-up') // the SDK's first use in this process is slower
    const quiet = await pairAndSign('quiet')
    gc?.()
    const before = process.memoryUsage()

    // 1. 300 connections at once from the attacker's address, each with its own valid JWT.
    const tokens = Array.from({ length: 300 }, () => signClientJwt(randomBytes(32), { aud: relayUrl }).token)
    const attacker = startAttacker({ url: relayUrl, address: ATTACKER, tokens, messageBytes: 512 * 1024 })
    toClose.push({ close: async () => attacker.kill() })
    const opened = await attacker.next<{ accepted: number; refused: Record<string, number> }>((r) => 'accepted' in r)
    expect(opened.accepted).toBe(DEFAULT_RELAY_LIMITS.maxConnectionsPerIp)
    expect(opened.refused).toEqual({ 429: 300 - DEFAULT_RELAY_LIMITS.maxConnectionsPerIp })

    // 2. Its 50 sockets publish 512 KB messages (each the next as soon as the last is answered); the
    //    real pairing starts once the flood runs.
    await attacker.next((r) => Number(r.sent) >= 100)
    await new Promise((r) => setTimeout(r, 1000))
    const during = await pairAndSign('flood')
    // While its 50 are open, one more socket from the attacker's address is still refused.
    await expect(connectRelayClient(relayUrl, { localAddress: ATTACKER })).rejects.toThrow('HTTP 429')
    attacker.stop()
    const result = await attacker.next<{ sent: number; codes: Record<string, number>; closes: Record<string, number>; stillOpen: number }>(
      (r) => r.done === true,
    )
    gc?.()
    const after = process.memoryUsage()

    // Every big message that was read was answered -32004; none stored; no flood socket cut off.
    expect(Object.keys(result.codes)).toEqual(['-32004'])
    expect(result.closes).toEqual({})
    expect(result.stillOpen).toBe(DEFAULT_RELAY_LIMITS.maxConnectionsPerIp)
    const [largest] = await server.db.query<{ n: number | null }>('select max(length(message)) as n from relay_messages')
    expect(Number(largest?.n ?? 0)).toBeLessThanOrEqual(DEFAULT_RELAY_LIMITS.maxMessageBytes)

    const answered = result.codes['-32004']!
    console.log(
      `[figures] relay flood: ${opened.accepted} sockets accepted, ${300 - opened.accepted} refused with 429; ` +
        `${result.sent} publishes of 512 KB sent (${MB(result.sent * 512 * 1024)}), ${answered} read and answered -32004, ` +
        `the rest held back by the address's read budget`,
    )
    console.log(
      `[figures] pairing ${quiet.pairingMs.toFixed(0)} ms quiet → ${during.pairingMs.toFixed(0)} ms during the flood; ` +
        `personal_sign ${quiet.signMs.toFixed(0)} ms quiet → ${during.signMs.toFixed(0)} ms during the flood`,
    )
    console.log(
      `[figures] server process memory (the attacker runs in its own process${gc ? '; after gc' : ''}): ` +
        `rss ${MB(before.rss)} → ${MB(after.rss)}, heapUsed ${MB(before.heapUsed)} → ${MB(after.heapUsed)}`,
    )
    // The flood must not hold up the pairing or the signature for long.
    expect(during.pairingMs).toBeLessThan(10_000)
    expect(during.signMs).toBeLessThan(5_000)
  }, 120_000)
})
