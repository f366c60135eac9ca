// @vitest-environment node
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AddressInfo, EsploraNotFoundError, EsploraRejectedError, EsploraUnavailableError, esploraClient } from './esplora.js'

/** Local HTTP servers answering as a failing and a working Esplora would (status codes and shapes only). */
let failing: Server
let working: Server
const url = (s: Server) => `http://127.0.0.1:${(s.address() as { port: number }).port}`
const listen = (s: Server) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))

beforeAll(async () => {
  failing = createServer((_req, res) => res.writeHead(503).end('overloaded'))
  working = createServer((req, res) => {
    if (req.url === '/blocks/tip/height') return res.end('120')
    if (req.url === '/blocks/tip/hash') return res.end('ab'.repeat(32))
    if (req.url === '/address/bad-shape') return res.end('{"chain_stats":{}}')
    if (req.method === 'POST') return res.writeHead(400).end('bad-txns-inputs-missingorspent')
    return res.writeHead(404).end('not found')
  })
  await Promise.all([listen(failing), listen(working)])
})
afterAll(() => Promise.all([failing, working].map((s) => new Promise((r) => s.close(r)))))

describe('Esplora client', () => {
  test('default: a 5xx or unreachable URL falls back to the next one', async () => {
    const client = esploraClient(['http://127.0.0.1:9', url(failing), url(working)])
    expect(await client.tip()).toEqual({ height: 120, hash: 'ab'.repeat(32) })
  })
  test("error: a 404 is the answer (not a fallback); a rejection keeps the node's reason; a wrong shape or all URLs down is unavailable", async () => {
    const client = esploraClient([url(working)])
    await expect(client.text('/tx/00')).rejects.toBeInstanceOf(EsploraNotFoundError)
    await expect(client.broadcast('00')).rejects.toMatchObject({ name: 'EsploraRejectedError', reason: 'bad-txns-inputs-missingorspent' })
    await expect(client.broadcast('00')).rejects.toBeInstanceOf(EsploraRejectedError)
    await expect(client.json('/address/bad-shape', AddressInfo)).rejects.toBeInstanceOf(EsploraUnavailableError)
    await expect(esploraClient([url(failing)]).tip()).rejects.toBeInstanceOf(EsploraUnavailableError)
  })
})
