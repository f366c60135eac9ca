import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BODY_LIMITS } from '../app.js'
import { frameClient, randomDeviceId } from '../auth/testing.js'
import { startTestServer } from '../testing.js'

/**
 * Attack: a body of any size is read into memory by any route. Every route now has a limit
 * (64 KiB; 512 KiB for chain calls, which carry signed transactions), answered with a JSON 413
 * before the route runs, whether the body's size is declared or streamed.
 */
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({
    rpcUrls: { 'eip155:31337': 'http://127.0.0.1:9' }, // nothing listens: a chain call that gets through answers 502
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    secureFrame: { port: 0 },
  })
}, 60_000)
afterAll(() => server?.close())

const big = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes) })

/**
 * POSTs as an attacker would: the whole body, declared (a string) or streamed without a length
 * (`chunks` of 16 KiB). The server answers without reading the rest, so the write may break
 * (EPIPE): the answer is what counts.
 */
function post(path: string, body: string | { chunks: number }): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${server.url}${path}`)
    const declared = typeof body === 'string'
    let answered = false
    // A connection of its own: the server may drop one whose body it did not read.
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...(declared ? { 'content-length': Buffer.byteLength(body) } : {}) } },
      (res) => {
        answered = true
        let text = ''
        res.on('data', (d: Buffer) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : undefined }))
      },
    )
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
      else setTimeout(() => answered || reject(error), 500) // the answer may still be on its way
    })
    if (declared) req.end(body)
    else {
      const chunk = 'x'.repeat(16 * 1024)
      let left = body.chunks
      const write = () => {
        while (left > 0) {
          left--
          if (!req.write(chunk)) return void req.once('drain', write)
        }
        req.end()
      }
      write()
    }
  })
}
const ROUTES = [
  `/v1/sessions/${ADDRESS}?projectId=portico-dev`,
  `/v1/sessions/${ADDRESS}/revoke?projectId=portico-dev`,
  '/e?projectId=portico-dev',
  '/v1/profile/account?projectId=portico-dev',
  '/v1/convert/build-transaction?projectId=portico-dev',
  '/v1/onramp/quote?projectId=portico-dev',
  '/auth/email/start?projectId=portico-dev',
]

describe('attack: oversized bodies', () => {
  test('a body over 64 KiB with its length declared: 413 JSON on every route', async () => {
    for (const path of ROUTES) expect(await post(path, big(BODY_LIMITS.default + 1)), path).toEqual({ status: 413, json: { error: 'Payload Too Large' } })
  })

  test('a streamed body (no length, chunked) is cut off at the limit too', async () => {
    for (const path of ROUTES.slice(0, 3)) expect(await post(path, { chunks: 64 }), path).toEqual({ status: 413, json: { error: 'Payload Too Large' } }) // 1 MiB
  })

  test('chain calls may carry more (a signed transaction), up to their own limit', async () => {
    const call = (bytes: number) =>
      post(
        '/v1/rpc/eip155:31337?projectId=portico-dev',
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [`0x${'ab'.repeat(bytes / 2)}`] }),
      )
    expect((await call(200 * 1024)).status).toBe(502) // read in full, then forwarded to an upstream that is down
    expect((await call(BODY_LIMITS.rpc)).status).toBe(413)
  })

  test('the frame-side auth routes are limited as well', async () => {
    const client = frameClient(server)
    const res = await client.call('/auth/email/start', { email: 'a@example.com', deviceId: randomDeviceId(), pad: 'x'.repeat(BODY_LIMITS.default) })
    expect(res.status).toBe(413)
  })
})
