import type { IncomingMessage, Server as HttpServer } from 'node:http'
import type { Http2SecureServer, Http2Server } from 'node:http2'
import { WebSocketServer, type WebSocket } from 'ws'
import type { ServerContext } from '../context.js'
import { openRelayBackends } from './backends.js'
import { closeConnections, PING_SLICES, pingConnections, serveConnection, type RelayConnection } from './connection.js'
import { ConnectionCaps } from './limits.js'
import { relayMethods } from './methods.js'
import { DEFAULT_RELAY_OPTIONS, type RelayOptions } from './options.js'
import type { RelayStore } from './store.js'
import { RelayTopics } from './topics.js'
import { relayUpgradeListener } from './upgrade.js'

export { DEFAULT_RELAY_OPTIONS, type RelayOptions }

export interface Relay {
  store: RelayStore
  /** The options in force (defaults, then the server config's `relay`, then overrides). */
  limits: RelayOptions
  /** Open client sockets on this instance. */
  connectionCount(): number
  /** Sockets open or being opened from an address key (see clientAddressKey). */
  connectionsFrom(address: string): number
  /** Bytes waiting in this instance's socket send buffers, all sockets together. */
  bufferedBytes(): number
  /** Messages stored by publishes on this instance, and messages this instance fanned out to its sockets (from any instance). */
  messageCounts(): { published: number; fannedOut: number }
  /** Runs one sweep of expired messages now. */
  sweep(): Promise<number>
  close(): Promise<void>
}

/**
 * Starts Portico's WalletConnect v2 compatible relay on `httpServer`'s 'upgrade' event at /relay.
 * State lives in the database (or Redis when ctx.config.redisUrl is set); cleanup is registered
 * with ctx.onClose. Limits: DEFAULT_RELAY_LIMITS, then ctx.config.relay, then `overrides`.
 * The parts: backends (mailbox and fan-out), upgrade (admission), connection (one socket),
 * methods (JSON-RPC), topics (delivery).
 */
export async function startRelay(
  ctx: ServerContext,
  httpServer: HttpServer | Http2Server | Http2SecureServer,
  overrides: Partial<RelayOptions> = {},
): Promise<Relay> {
  const opts: RelayOptions = { ...DEFAULT_RELAY_OPTIONS, ...ctx.config.relay, ...overrides }
  const now = opts.now
  const backends = await openRelayBackends(ctx, opts)
  const { store, bus } = backends
  const connections = new Set<RelayConnection>()
  const caps = new ConnectionCaps(opts, now)
  let closing = false
  const logUnlessClosing = (what: string) => (error: unknown) => {
    if (!closing) ctx.log(what, error)
  }
  // PORTICO_RELAY_DEBUG=1 logs every frame (shortened) with the client id's tail.
  const debugFor = (clientId: string) =>
    process.env.PORTICO_RELAY_DEBUG
      ? (dir: string, text: string) => ctx.log(`relay ${clientId.slice(-6)} ${dir} ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`)
      : undefined

  const topics = new RelayTopics(store, opts, now, logUnlessClosing('relay: delivery failed'))
  let published = 0
  bus.onMessage((m) => topics.fanOut(m))
  const countingBus = { ...bus, publish: (m: Parameters<typeof bus.publish>[0]) => (published++, bus.publish(m)) }
  const onRequestFailed = (method: string, error: unknown) => {
    if (!closing) ctx.log('relay: request failed', method, error)
  }
  const { onFrame } = relayMethods({ store, bus: countingBus, topics, caps, opts, now, onRequestFailed })

  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxFrameBytes, perMessageDeflate: false })
  const admitted = new WeakMap<IncomingMessage, { clientId: string; address: string }>()
  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const who = admitted.get(req)
    if (!who) return ws.terminate()
    const conn = serveConnection(ws, who, { opts, caps, store, topics, now, onFrame, onFrameError: logUnlessClosing('relay: frame failed'), debugFor })
    connections.add(conn)
    const opened = Date.now()
    // Event logs name the client by its id's tail (a public key, not a secret) and never the auth token.
    ctx.logger?.info({ event: 'relay.connect', client: who.clientId.slice(-8) }, 'relay: client connected')
    ws.on('close', (code) => {
      connections.delete(conn)
      ctx.logger?.info(
        { event: 'relay.disconnect', client: who.clientId.slice(-8), code, seconds: Math.round((Date.now() - opened) / 1000) },
        'relay: client left',
      )
    })
  })
  const upgradeListener = relayUpgradeListener({
    ctx,
    opts,
    caps,
    httpServer,
    closing: () => closing,
    accept(req, socket, head, who) {
      admitted.set(req, who)
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
    },
  })
  httpServer.on('upgrade', upgradeListener)

  let slice = 0
  const pinger = setInterval(() => pingConnections(connections, caps, slice++ % PING_SLICES), opts.pingIntervalMs / PING_SLICES)
  pinger.unref()
  const sweep = () => store.sweep(now())
  const sweeper = setInterval(() => {
    sweep().catch((error) => ctx.log('relay: sweep failed', error))
  }, opts.sweepIntervalMs)
  sweeper.unref()

  const relay: Relay = {
    store,
    limits: opts,
    connectionCount: () => connections.size,
    connectionsFrom: (address) => caps.openFor(address),
    bufferedBytes: () => [...connections].reduce((sum, c) => sum + c.ws.bufferedAmount, 0),
    messageCounts: () => ({ published, fannedOut: topics.fannedOut }),
    sweep,
    async close() {
      if (closing) return
      closing = true
      clearInterval(pinger)
      clearInterval(sweeper)
      httpServer.off('upgrade', upgradeListener)
      await closeConnections([...connections])
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await backends.close()
    },
  }
  ctx.onClose(() => relay.close())
  return relay
}
