// @vitest-environment node
import { defineNetwork } from '@portico/core'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { getSolBalance } from './rpc.js'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A JSON-RPC endpoint answering each request with the next scripted status (then 200 with a balance). */
async function endpoint(script: Array<number | 'rpc-error' | 'drop'>) {
  let requests = 0
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const step = script[requests++]
      const { id } = JSON.parse(body) as { id: string }
      if (typeof step === 'number') return res.writeHead(step).end('{}')
      if (step === 'drop') return req.socket.destroy()
      res.writeHead(200, { 'content-type': 'application/json' })
      if (step === 'rpc-error') return res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid param' } }))
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { context: { slot: 1 }, value: 2_500_000_000 } }))
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const caipNetwork = defineNetwork({
    id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    chainNamespace: 'solana',
    name: 'Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${(server!.address() as AddressInfo).port}`] } },
  })
  return { caipNetwork, requests: () => requests }
}
const OWNER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

describe("SPEC §7 'JSON-RPC POST calls … 3 retries, retry delay 150 ms with exponential backoff' (SPEC §9 retry helper)", () => {
  test('rule: a request that fails with HTTP 5xx or 429 is tried again, up to 3 more times', async () => {
    const rpc = await endpoint([503, 429, 502])
    expect(await getSolBalance({ caipNetwork: rpc.caipNetwork, commitment: 'confirmed' }, OWNER)).toMatchObject({ value: '2500000000', decimals: 9 })
    expect(rpc.requests()).toBe(4)
  })

  test('rule: after 3 retries the failure is the answer', async () => {
    const rpc = await endpoint([500, 500, 500, 500, 500])
    await expect(getSolBalance({ caipNetwork: rpc.caipNetwork, commitment: 'confirmed' }, OWNER)).rejects.toThrow()
    expect(rpc.requests()).toBe(4)
  })

  test('behavior: a refusal (HTTP 4xx) and a JSON-RPC error are not retried', async () => {
    const refused = await endpoint([400])
    await expect(getSolBalance({ caipNetwork: refused.caipNetwork, commitment: 'confirmed' }, OWNER)).rejects.toThrow()
    expect(refused.requests()).toBe(1)
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    const rpcError = await endpoint(['rpc-error'])
    await expect(getSolBalance({ caipNetwork: rpcError.caipNetwork, commitment: 'confirmed' }, OWNER)).rejects.toThrow()
    expect(rpcError.requests()).toBe(1)
  })

  test('behavior: no answer at all (the connection dropped) is retried too', async () => {
    const rpc = await endpoint(['drop', 'drop'])
    expect(await getSolBalance({ caipNetwork: rpc.caipNetwork, commitment: 'confirmed' }, OWNER)).toMatchObject({ value: '2500000000' })
    expect(rpc.requests()).toBe(3)
  })
})
