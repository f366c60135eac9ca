import { createServer, type Server as HttpServer } from 'node:http'
import { DEV_PROJECT } from '../config.js'
import { startTestServer } from '../testing.js'

/** The operator's provider key in the stand-in's URL: tests look for it in every answer. */
export const UPSTREAM_SECRET = 'k3y-0f-the-0perat0r'

/**
 * Test support for the chain-RPC attacks (rpc.test.ts, rpcHost.test.ts): a local JSON-RPC
 * stand-in for a chain provider, whose URL carries UPSTREAM_SECRET and which records the methods
 * that reached it (`forwarded`), and the real server in front of it with the dev project, no
 * indexer (only the tests' calls reach the stand-in) and the given chains and RPC budget.
 */
export async function startRpcStandInServer({
  answer,
  chains,
  rpcPerIpPerMinute,
  secureFrame,
}: {
  /** The stand-in's result for a method. */
  answer: (method: string) => string
  /** The chains (CAIP-2) the server reads through the stand-in. */
  chains: string[]
  rpcPerIpPerMinute: number
  secureFrame?: boolean
}) {
  const forwarded: string[] = []
  const upstream: HttpServer = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; method: string } | Array<{ id: number; method: string }>
    const calls = Array.isArray(body) ? body : [body]
    forwarded.push(...calls.map((c) => c.method))
    const answers = calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: answer(c.method) }))
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(body) ? answers : answers[0]))
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/v3/${UPSTREAM_SECRET}`
  const server = await startTestServer({
    rpcUrls: Object.fromEntries(chains.map((chain) => [chain, upstreamUrl])),
    projects: [DEV_PROJECT],
    ...(secureFrame ? { secureFrame: { port: 0 } } : {}),
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000, rpcPerIpPerMinute },
  })
  return {
    server,
    upstreamUrl,
    forwarded,
    async close() {
      await server.close()
      await new Promise<void>((resolve) => upstream.close(() => resolve()))
    },
  }
}
