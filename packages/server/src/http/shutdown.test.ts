import { describe, expect, test } from 'vitest'
import { startTestServer } from '../testing.js'

describe('graceful shutdown and health (real server)', () => {
  test('/livez and /readyz answer; on close /readyz is 503 at once, a slow in-flight request completes, new connections are refused', async () => {
    const server = await startTestServer({ rpcUrls: {} })
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const inFlight = new Promise<void>((resolve) => (entered = resolve))
    server.app.get('/test-slow', async (c) => {
      entered()
      await gate
      return c.json({ done: true })
    })
    expect((await fetch(`${server.url}/livez`)).status).toBe(200)
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ ok: true, database: true })

    const slow = fetch(`${server.url}/test-slow?projectId=portico-dev`)
    await inFlight // the server has the request (a fixed wait lost that race on a busy machine)
    const closing = server.close({ deadlineMs: 5000 })
    await new Promise((r) => setTimeout(r, 50))
    await expect(fetch(`${server.url}/livez`)).rejects.toThrow() // the listener is closed
    setTimeout(release, 200)
    const answer = await slow
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ done: true })
    await closing
  })

  test('/readyz is 503 while draining', async () => {
    const server = await startTestServer({ rpcUrls: {} })
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const inFlight = new Promise<void>((resolve) => (entered = resolve))
    server.app.get('/test-slow', async (c) => {
      entered()
      await gate
      return c.json({ done: true })
    })
    const slow = fetch(`${server.url}/test-slow?projectId=portico-dev`)
    await inFlight // the server has the request (a fixed wait lost that race on a busy machine)
    const closing = server.close({ deadlineMs: 5000 })
    const readyz = await server.app.request('/readyz')
    expect(readyz.status).toBe(503)
    release()
    expect((await slow).status).toBe(200)
    await closing
  })

  test('the deadline bounds a request that never finishes', async () => {
    const server = await startTestServer({ rpcUrls: {} })
    let entered!: () => void
    const inFlight = new Promise<void>((resolve) => (entered = resolve))
    server.app.get('/test-hang', () => {
      entered()
      return new Promise<Response>(() => {})
    })
    const hung = fetch(`${server.url}/test-hang?projectId=portico-dev`).catch(() => 'cut')
    await inFlight
    const started = Date.now()
    await server.close({ deadlineMs: 300 })
    // Bounded by the 300 ms deadline, not the 10 s default (the margin is for a busy machine).
    expect(Date.now() - started).toBeLessThan(8000)
    expect(await hung).toBe('cut')
  })
})
