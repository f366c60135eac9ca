/**
 * A local Bitcoin regtest chain for the demo and tests: a real bcoin full node in-process, with the
 * Esplora HTTP API at the root of its URL and the node's JSON-RPC at POST /. Node only; browser code
 * imports '@portico/devnet/bitcoin-constants'.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type BcoinHandle, openBcoin } from './bcoin'
import { ChainIndex } from './chainIndex'
import {
  BITCOIN_DEV_ACCOUNTS,
  BITCOIN_DEVNET_CAIP2,
  BITCOIN_DEVNET_FAUCET,
  BITCOIN_DEVNET_FUNDING,
  BITCOIN_DEVNET_HOST,
  BITCOIN_DEVNET_PORT,
  type BitcoinDevAccount,
} from './constants'
import { handleEsplora } from './esplora'
import { buildFaucetPayment, COINBASE_MATURITY } from './faucet'

export interface StartBitcoinDevnetOptions {
  /** Default 18443 (Bitcoin Core's regtest RPC port). */
  port?: number
  /** Pick a free port (tests running in parallel). */
  randomPorts?: boolean
  /** A block every this many ms, as a real chain's blocks pass. Default 5000; 0 mines only on demand. */
  blockIntervalMs?: number
}

export interface BitcoinDevnet {
  caip2: string
  /** Esplora API at the root, JSON-RPC at POST /. */
  url: string
  /** The node's JSON-RPC (Bitcoin Core 0.16's shapes); throws the node's error message. */
  rpc(method: string, params?: unknown[]): Promise<unknown>
  /** Mines blocks now (to the faucet), in order with fund() and the block timer. */
  mine(blocks?: number): Promise<void>
  /** Pays `sats` from the faucet to the address and mines it; resolves with the txid. */
  fund(address: string, sats: bigint): Promise<string>
  accounts: readonly BitcoinDevAccount[]
  /** A devnet-only key: mines the blocks and pays fund(). */
  faucet: { address: string; privateKey: string }
  /** Stops the block timer, the HTTP server and the node. Idempotent. */
  stop(): Promise<void>
}

/** A raw transaction is at most 400,000 weight units; a JSON-RPC batch stays far below this. */
const MAX_BODY_BYTES = 4 * 1024 * 1024

export async function startBitcoinDevnet(options: StartBitcoinDevnetOptions = {}): Promise<BitcoinDevnet> {
  const bcoin = await openBcoin()
  const index = new ChainIndex(bcoin.node)
  // mine() and fund() run one at a time, so the faucet never picks a coin twice.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const next = queue.then(job)
    queue = next.catch(() => undefined)
    return next
  }
  const mineNow = async (blocks: number) => void (await bcoin.mineTo(BITCOIN_DEVNET_FAUCET.address, blocks))
  const pay = async (outputs: { address: string; sats: bigint }[]) => {
    const txid = await bcoin.broadcast(buildFaucetPayment(index, outputs))
    await mineNow(1)
    return txid
  }

  const server = createServer((req, res) => void serve(bcoin, index, req, res))
  let clock: NodeJS.Timeout | undefined
  let stopped: Promise<void> | undefined
  const stop = () =>
    (stopped ??= (async () => {
      clearInterval(clock)
      await closeServer(server)
      await queue
      await bcoin.node.close()
    })())

  try {
    // Ten coinbases mature: 500 BTC to give out (regtest halves the subsidy every 150 blocks).
    await mineNow(COINBASE_MATURITY + 10)
    const { paymentSats, paymentUtxos, ordinalSats } = BITCOIN_DEVNET_FUNDING
    await pay(
      BITCOIN_DEV_ACCOUNTS.flatMap((a) => [
        ...Array.from({ length: paymentUtxos }, () => ({ address: a.payment.address, sats: paymentSats / BigInt(paymentUtxos) })),
        { address: a.ordinal.address, sats: ordinalSats },
      ]),
    )
    const port = await listen(server, BITCOIN_DEVNET_HOST, options.randomPorts ? 0 : (options.port ?? BITCOIN_DEVNET_PORT))
    const blockIntervalMs = options.blockIntervalMs ?? 5000
    if (blockIntervalMs > 0) {
      clock = setInterval(() => void serial(() => mineNow(1)).catch(() => undefined), blockIntervalMs)
      clock.unref()
    }
    return {
      caip2: BITCOIN_DEVNET_CAIP2,
      url: `http://${BITCOIN_DEVNET_HOST}:${port}`,
      rpc: (method, params = []) => callRpc(bcoin, method, params),
      mine: (blocks = 1) => serial(() => mineNow(blocks)),
      fund: (address, sats) => serial(() => pay([{ address, sats }])),
      accounts: BITCOIN_DEV_ACCOUNTS,
      faucet: { ...BITCOIN_DEVNET_FAUCET },
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}

async function callRpc(bcoin: BcoinHandle, method: string, params: unknown[]): Promise<unknown> {
  const res = await forwardRpc(bcoin, JSON.stringify({ jsonrpc: '1.0', id: 1, method, params }))
  const reply = JSON.parse(res.body) as { result?: unknown; error?: { code: number; message: string } | null }
  if (reply.error) throw new Error(`${method}: ${reply.error.message} (${reply.error.code})`)
  return reply.result
}

async function forwardRpc(bcoin: BcoinHandle, body: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${bcoin.port}/`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`portico:${bcoin.apiKey}`).toString('base64')}`, 'content-type': 'application/json' },
    body,
  })
  return { status: res.status, body: await res.text() }
}

async function serve(bcoin: BcoinHandle, index: ChainIndex, req: IncomingMessage, res: ServerResponse) {
  // Dapps in a browser call the local chain from their own origin.
  res.setHeader('access-control-allow-origin', '*')
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
  res.setHeader('access-control-allow-headers', '*')
  try {
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    const url = new URL(req.url ?? '/', 'http://devnet')
    if (req.method === 'GET' && url.pathname === '/health') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    let body = ''
    if (req.method === 'POST') {
      const read = await readBody(req)
      if (read === undefined) return void res.writeHead(413, { 'content-type': 'text/plain' }).end('Request body too large')
      body = read
    }
    if (req.method === 'POST' && url.pathname === '/') {
      const reply = await forwardRpc(bcoin, body)
      return void res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body)
    }
    const reply = await handleEsplora({ index, broadcast: bcoin.broadcast }, req.method ?? 'GET', url.pathname, body)
    if (typeof reply.body === 'string') res.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body)
    else res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body))
  } catch (err) {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
    res.end(`Internal error: ${err instanceof Error ? err.message : String(err)}`)
  }
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) return undefined
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`cannot start the Bitcoin devnet on ${host}:${port}: ${err.code === 'EADDRINUSE' ? 'port already in use' : err.message}`)),
    )
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port))
  })
}

function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve()
  return new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
}
