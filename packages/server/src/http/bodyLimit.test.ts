import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestServer } from '../testing.js'

/** config.bodyLimitBytes: the global request body limit, answered with a JSON 413 before any route runs. */
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ rpcUrls: {}, bodyLimitBytes: 1024 })
})
afterAll(() => server?.close())

const post = (bytes: number) =>
  fetch(`${server.url}/e?projectId=portico-dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pad: 'x'.repeat(bytes) }),
  })

test('a body over the configured limit gets 413; one under it reaches the route', async () => {
  const over = await post(2048)
  expect(over.status).toBe(413)
  expect(await over.json()).toEqual({ error: 'Payload Too Large' })
  expect((await post(100)).status).not.toBe(413)
})
