import type { WebSocket } from 'ws'
import { errorFrame } from './jsonrpc.js'
import { TokenBucket, type ConnectionCaps, type RelayLimits } from './limits.js'
import { RelayClose, RPC_ERRORS } from './refusals.js'
import type { RelayStore, StoredMessage } from './store.js'

/** What the relay remembers of a message sent on a socket until the client acks it (not its body). */
export type InflightMessage = Pick<StoredMessage, 'topic' | 'hash' | 'publishedAt' | 'expiresAt'>

type ConnectionLimits = Pick<
  RelayLimits,
  'rateLimit' | 'maxUnackedPerConnection' | 'sendHighWaterBytes' | 'maxBufferedBytes' | 'maxInboundQueueBytes' | 'deliveryPageSize'
>

/**
 * One client socket and the bounds on what it can make the process hold: frames received and not
 * yet handled (reading pauses above maxInboundQueueBytes), bytes waiting to be sent (messages wait
 * in the mailbox above sendHighWaterBytes; above maxBufferedBytes the client is not reading and the
 * socket is dropped), and messages awaiting an ack (maxUnackedPerConnection).
 */
/**
 * The heartbeat pings a tenth of the sockets every tenth of its interval: each socket is still pinged once
 * an interval, and a thousand pings (and their pongs) never land in the same moment, where they would
 * hold up the messages being delivered then.
 */
export const PING_SLICES = 10
let nextPingSlot = 0

export class RelayConnection {
  readonly topics = new Set<string>()
  /** Relay-originated request id → the message awaiting the client's ack. */
  readonly inflight = new Map<number, InflightMessage>()
  /** `topic hash` of messages sent on this socket and not yet acked (no double delivery). */
  readonly sent = new Set<string>()
  /** Topics whose stored messages still have to be delivered, page by page. */
  readonly backlog = new Set<string>()
  pumping = false
  /** Mailbox pages being read for this socket, and the messages acked meanwhile (see the pump). */
  reading = 0
  readonly ackedWhileReading = new Set<string>()
  alive = true
  /** Which of the heartbeat's slices pings this socket (see pingConnections). */
  readonly pingSlot = nextPingSlot++ % PING_SLICES
  nextId = 1
  readonly rate: TokenBucket
  /** Frames are handled one after another per connection. */
  queue: Promise<void> = Promise.resolve()
  private queuedBytes = 0
  private readonly pausedFor = new Set<'queue' | 'budget'>()
  private throttledUntil = 0
  private throttleTimer: NodeJS.Timeout | undefined
  private wakeUp: (() => void) | undefined
  dropped = false

  constructor(
    readonly ws: WebSocket,
    readonly clientId: string,
    /** The key its address is counted under (see clientAddressKey). */
    readonly address: string,
    private readonly limits: ConnectionLimits,
    now: number,
    readonly debug?: (dir: string, text: string) => void,
  ) {
    this.rate = new TokenBucket(limits.rateLimit.perSecond, limits.rateLimit.burst, now)
  }

  get open() {
    return this.ws.readyState === this.ws.OPEN
  }

  /** Sends a frame unless the client has stopped reading; then the socket is dropped (the SDK reconnects). */
  send(text: string): boolean {
    if (!this.open) return false
    if (this.ws.bufferedAmount + text.length > this.limits.maxBufferedBytes) {
      this.drop()
      return false
    }
    this.debug?.('<-', text)
    this.ws.send(text)
    return true
  }

  /** Whether a message of about `bytes` may be sent now rather than wait in the mailbox. */
  hasRoom(bytes: number): boolean {
    return this.inflight.size < this.limits.maxUnackedPerConnection && this.ws.bufferedAmount + bytes <= this.limits.sendHighWaterBytes
  }

  /**
   * Resolves when another page of stored messages fits: half the send high-water mark drained and a
   * page's worth of acks outstanding at most. Woken by acks; polls the send buffer, slower and slower.
   */
  async waitForRoom(): Promise<void> {
    let delay = 10
    const roomy = () =>
      this.ws.bufferedAmount <= this.limits.sendHighWaterBytes / 2 && this.inflight.size + this.limits.deliveryPageSize <= this.limits.maxUnackedPerConnection
    while (this.open && !roomy()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay)
        this.wakeUp = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wakeUp = undefined
      delay = Math.min(delay * 2, 1000)
    }
  }

  wake() {
    this.wakeUp?.()
  }

  /**
   * Queues a received frame behind the ones before it. Above maxInboundQueueBytes waiting, the socket
   * is no longer read (TCP pushes back on the sender) until half of it is handled.
   */
  enqueue(bytes: number, handle: () => Promise<void>, onError: (error: unknown) => void) {
    this.queuedBytes += bytes
    if (this.queuedBytes > this.limits.maxInboundQueueBytes) this.pause('queue')
    this.queue = this.queue
      .then(handle)
      .catch(onError)
      .finally(() => {
        this.queuedBytes -= bytes
        if (this.queuedBytes <= this.limits.maxInboundQueueBytes / 2) this.resume('queue')
      })
  }

  /** Stops reading the socket for `ms` (its address has spent its read budget). */
  throttle(ms: number, now: number) {
    this.throttledUntil = Math.max(this.throttledUntil, now + ms)
    this.pause('budget')
    clearTimeout(this.throttleTimer)
    this.throttleTimer = setTimeout(() => this.resume('budget'), this.throttledUntil - now)
    this.throttleTimer.unref()
  }

  /** Whether the relay itself stopped reading this socket (its pongs wait unread: not a dead peer). */
  get held() {
    return this.pausedFor.size > 0
  }

  private pause(reason: 'queue' | 'budget') {
    this.pausedFor.add(reason)
    if (!this.ws.isPaused) this.ws.pause()
  }

  private resume(reason: 'queue' | 'budget') {
    if (!this.pausedFor.delete(reason)) return
    if (this.pausedFor.size === 0 && this.ws.isPaused) this.ws.resume()
  }

  /** Drops a socket that does not read what is sent to it: no close handshake that would wait behind its buffer. */
  drop() {
    if (this.dropped) return
    this.dropped = true
    this.ws.terminate()
  }

  /** Called when the socket has closed. */
  closed() {
    clearTimeout(this.throttleTimer)
    this.wake()
  }
}

export interface ServeConnectionDeps {
  opts: RelayLimits & { maxTopicsPerConnection: number }
  caps: ConnectionCaps
  store: RelayStore
  /** This instance's index of sockets by topic (topics.ts). */
  topics: { index(conn: RelayConnection, topic: string): void; unindex(conn: RelayConnection, topic: string): void }
  now: () => number
  onFrame(conn: RelayConnection, text: string): Promise<void>
  /** A frame whose handling failed (not logged while the relay closes). */
  onFrameError(error: unknown): void
  debugFor(clientId: string): ((dir: string, text: string) => void) | undefined
}

/** Wires an admitted socket to a RelayConnection: reads under the address's budget, one frame at a time. */
export function serveConnection(ws: WebSocket, who: { clientId: string; address: string }, deps: ServeConnectionDeps): RelayConnection {
  const { caps, store, topics, now } = deps
  const conn = new RelayConnection(ws, who.clientId, who.address, deps.opts, now(), deps.debugFor(who.clientId))
  ws.on('pong', () => void (conn.alive = true))
  ws.on('error', () => undefined)
  ws.on('message', (data, isBinary) => {
    conn.alive = true
    const buffer = data as Buffer
    const delay = caps.readDelay(conn.address, buffer.length)
    if (delay > 0) conn.throttle(delay, now())
    conn.enqueue(
      buffer.length,
      async () => {
        if (isBinary) conn.send(errorFrame(null, RPC_ERRORS.invalidRequest))
        else {
          const text = buffer.toString()
          conn.debug?.('->', text)
          await deps.onFrame(conn, text)
        }
      },
      deps.onFrameError,
    )
  })
  ws.on('close', () => {
    for (const topic of [...conn.topics]) topics.unindex(conn, topic)
    conn.closed()
  })
  // Live delivery resumes at once for the client's remembered topics; its stored messages follow
  // when it re-subscribes (the SDK sends irn_batchSubscribe on every connect).
  conn.queue = conn.queue
    .then(async () => {
      for (const topic of await store.subscriptions(who.clientId, now(), deps.opts.maxTopicsPerConnection)) if (conn.open) topics.index(conn, topic)
    })
    .catch(() => undefined)
  return conn
}

/** Pings every socket; one that did not answer the last ping is dead and terminated. */
/** One slice of the heartbeat: pings the sockets of `slice`, dropping those that did not answer the last ping. */
export function pingConnections(connections: Iterable<RelayConnection>, caps: ConnectionCaps, slice: number) {
  for (const conn of connections) {
    if (conn.pingSlot !== slice) continue
    // A socket the relay stopped reading cannot have its pong read: held, not dead.
    if (!conn.alive && !conn.held) {
      conn.ws.terminate()
      continue
    }
    conn.alive = false
    try {
      conn.ws.ping()
    } catch {
      /* closed meanwhile */
    }
  }
  if (slice === 0) caps.prune()
}

/** Closes sockets for a restart and waits until their queued frames are handled. */
export async function closeConnections(open: readonly RelayConnection[]) {
  const closed = open.map(
    (conn) =>
      new Promise<void>((resolve) => {
        conn.ws.once('close', () => resolve())
        conn.ws.close(RelayClose.restart.code, RelayClose.restart.reason)
        setTimeout(() => {
          conn.ws.terminate()
          resolve()
        }, 1000).unref()
      }),
  )
  await Promise.all(closed)
  await Promise.all(open.map((c) => c.queue))
}
