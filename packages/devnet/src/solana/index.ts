/**
 * A local Solana chain for the demo and tests: litesvm behind enough of the validator's JSON-RPC
 * (HTTP) and PubSub (WebSocket) for @solana/kit and @solana/web3.js 1.x. Node only; browser code
 * imports '@portico/devnet/solana-constants'.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Address } from '@solana/kit'
import type { WebSocketServer } from 'ws'
import { SolanaChain } from './chain'
import { SOLANA_DEVNET_HOST, SOLANA_DEVNET_MINTS, SOLANA_DEVNET_PORTS } from './constants'
import { createFaucet, solanaGenesisHash, writeGenesis, type SolanaDevAccount } from './fixtures'
import { handleJsonRpc, type RpcContext } from './rpc'
import { attachSubscriptions } from './subscriptions'

export interface StartSolanaDevnetOptions {
  /** Interface to bind to. Default 127.0.0.1. */
  host?: string
  /** JSON-RPC port. Default 8899. */
  port?: number
  /** WebSocket port. Default 8900. */
  wsPort?: number
  /** Pick free ports (tests running in parallel). */
  randomPorts?: boolean
  /** A block every this many ms even without transactions, as a validator's slots pass. Default 400; 0 stops the clock. */
  slotMs?: number
}

export interface SolanaDevnet {
  rpcUrl: string
  wsUrl: string
  genesisHash: string
  /** 'solana:' + the first 32 characters of the genesis hash. */
  caip2: string
  accounts: SolanaDevAccount[]
  usdcMint: Address
  token2022Mint: Address
  /** Produces `count` empty blocks at once (e.g. to let a blockhash expire in a test). */
  advanceSlots(count: number): void
  /** Closes both servers and stops the clock. Idempotent. */
  stop(): Promise<void>
}

/** Bodies larger than this are refused: a transaction is at most 1232 bytes, batches stay far below. */
const MAX_BODY_BYTES = 1024 * 1024

export async function startSolanaDevnet(options: StartSolanaDevnetOptions = {}): Promise<SolanaDevnet> {
  const host = options.host ?? SOLANA_DEVNET_HOST
  const chain = new SolanaChain()
  const genesis = await writeGenesis(chain)
  const genesisHash = solanaGenesisHash()
  const ctx: RpcContext = { chain, genesisHash, airdrop: createFaucet(chain, genesis.faucet) }

  const rpcServer = createServer((req, res) => void serveRpc(ctx, req, res))
  const wsServer = createServer((_req, res) => res.writeHead(426, { 'content-type': 'text/plain' }).end('Upgrade Required'))
  const wss = attachSubscriptions(chain, wsServer)

  const slotMs = options.slotMs ?? 400
  const clock = slotMs > 0 ? setInterval(() => chain.advanceSlot(), slotMs) : undefined
  clock?.unref()

  let stopped: Promise<void> | undefined
  const stop = () =>
    (stopped ??= (async () => {
      clearInterval(clock)
      await closeSockets(wss)
      await Promise.all([closeServer(rpcServer), new Promise((r) => wss.close(r)).then(() => closeServer(wsServer))])
      chain.removeAllListeners()
    })())

  try {
    const rpcPort = await listen(rpcServer, host, options.randomPorts ? 0 : (options.port ?? SOLANA_DEVNET_PORTS.rpc))
    const wsPort = await listen(wsServer, host, options.randomPorts ? 0 : (options.wsPort ?? SOLANA_DEVNET_PORTS.ws))
    return {
      rpcUrl: `http://${host}:${rpcPort}`,
      wsUrl: `ws://${host}:${wsPort}`,
      genesisHash,
      caip2: `solana:${genesisHash.slice(0, 32)}`,
      accounts: genesis.accounts,
      usdcMint: SOLANA_DEVNET_MINTS.usdc.address as Address,
      token2022Mint: SOLANA_DEVNET_MINTS.token2022.address as Address,
      advanceSlots: (count) => {
        for (let i = 0; i < count; i++) chain.advanceSlot()
      },
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}

async function serveRpc(ctx: RpcContext, req: IncomingMessage, res: ServerResponse) {
  // Dapps in a browser call the local chain from their own origin.
  res.setHeader('access-control-allow-origin', '*')
  res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
  res.setHeader('access-control-allow-headers', '*')
  if (req.method === 'OPTIONS') return void res.writeHead(204).end()
  if (req.method === 'GET' && req.url === '/health') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
  if (req.method !== 'POST') return void res.writeHead(405).end()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) return void res.writeHead(413).end()
    chunks.push(chunk)
  }
  const body = await handleJsonRpc(ctx, Buffer.concat(chunks).toString('utf8'))
  res.writeHead(200, { 'content-type': 'application/json' }).end(body)
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`cannot start the Solana devnet on ${host}:${port}: ${err.code === 'EADDRINUSE' ? 'port already in use' : err.message}`)),
    )
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port))
  })
}

/** A normal closure (1000) first: clients such as kit's treat anything else as a dropped connection. */
async function closeSockets(wss: WebSocketServer) {
  const open = [...wss.clients]
  await Promise.race([
    Promise.all(open.map((socket) => new Promise((resolve) => (socket.once('close', resolve), socket.close(1000, 'devnet stopped'))))),
    new Promise((resolve) => setTimeout(resolve, 1000)),
  ])
  for (const socket of open) socket.terminate()
}

function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve()
  return new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
}
