import { Time } from '@portico/core/spec'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { startTestServer } from '../testing.js'
import { signClientJwt } from './jwt.js'
import { DEFAULT_RELAY_OPTIONS } from './options.js'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ rpcUrls: {} })
}, 60_000)
afterAll(() => server?.close())

/** A relay client on the real server; `autoPong: false` stands for a peer that went away without closing. */
async function open(autoPong: boolean) {
  const relayUrl = `${server.url.replace(/^http/, 'ws')}/relay`
  const { token } = signClientJwt(randomBytes(32), { aud: relayUrl })
  const ws = new WebSocket(`${relayUrl}?auth=${encodeURIComponent(token)}&projectId=portico-dev&ua=portico-test&useOnCloseEvent=true`, { autoPong })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const pings: number[] = []
  ws.on('ping', () => pings.push(Date.now()))
  const closed = new Promise<number>((resolve) => ws.once('close', () => resolve(Date.now())))
  return { ws, pings, closed }
}

describe("SPEC §9 'Heartbeat is 5 s' (the relay's keep-alive)", () => {
  test('rule: the relay pings every heartbeat; a peer that stops answering is dropped within two, one that answers stays', async () => {
    expect(DEFAULT_RELAY_OPTIONS.pingIntervalMs).toBe(Time.heartbeatMs)
    expect(Time.heartbeatMs).toBe(5_000)
    const started = Date.now()
    const [live, silent] = await Promise.all([open(true), open(false)])
    const droppedAt = await silent.closed
    // Pinged at one heartbeat, terminated at the next one (plus scheduling slack on a shared machine).
    expect(droppedAt - started).toBeLessThanOrEqual(2 * Time.heartbeatMs + 2_000)
    expect(silent.pings.length).toBeGreaterThanOrEqual(1)
    expect(live.ws.readyState).toBe(WebSocket.OPEN)
    expect(live.pings.length).toBeGreaterThanOrEqual(1)
    live.ws.close()
  }, 30_000)
})
