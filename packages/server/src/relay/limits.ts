import type { IncomingMessage } from 'node:http'
import { isIPv6 } from 'node:net'

/**
 * What one client may cost the relay. The relay shares its process with the API and auth, so every
 * resource an unauthenticated peer can make it hold (sockets, memory, mailbox rows) has a bound here.
 * Counters are per server instance; behind a load balancer each instance enforces its own.
 */
export interface RelayLimits {
  /** Open sockets per client address (IPv4, or IPv6 /64); over it the upgrade gets HTTP 429. */
  maxConnectionsPerIp: number
  /** Open sockets per projectId; over it the upgrade gets HTTP 429. */
  maxConnectionsPerProject: number
  /**
   * Reverse proxies in front of the server that append to X-Forwarded-For. 0: the socket's own
   * address is the client's (a proxy would then put every client under one address).
   */
  proxyHops: number
  /** Largest WebSocket frame read; above it the socket is closed with 1009 (the SDK reconnects). */
  maxFrameBytes: number
  /**
   * Largest `message` in a publish, answered with JSON-RPC error -32004 above it. 96 KiB: the public
   * WalletConnect relay refuses larger payloads too ("Maximum size for tag 1109 is 98304").
   */
  maxMessageBytes: number
  /**
   * Longest time a message is stored; a longer ttl is shortened, not refused. The 2.25 SDK's fixed
   * TTLs top out at one day (update, extend, delete, ping, pairing delete); only a dapp passing its
   * own request `expiry` asks for more (up to 7 days).
   */
  maxTtlSeconds: number
  /**
   * Unexpired messages one topic holds. A publish to a full topic is refused (JSON-RPC -32006):
   * nothing stored is ever dropped unseen, and the publisher learns it at once.
   */
  maxMessagesPerTopic: number
  /** How long a message stays once a subscriber acknowledged it (so a retried publish is still a duplicate). */
  retainAfterAckSeconds: number
  /** Per socket: request tokens refilled per second, and the burst. A batch of n items costs 1 + n/10. */
  rateLimit: { perSecond: number; burst: number }
  /** Per client address: published message bytes refilled per second, and the burst. */
  publishBytesPerIp: { perSecond: number; burst: number }
  /**
   * Per client address: bytes of frames read per second, and the burst. An address over it is not
   * read for a while (TCP pushes back on it), so what it sends costs the process no more than this.
   */
  readBytesPerIp: { perSecond: number; burst: number }
  /** Topics one socket may subscribe to. */
  maxTopicsPerConnection: number
  /** Stored messages read from the mailbox per page when a client subscribes. */
  deliveryPageSize: number
  /** Messages the client has not acknowledged yet, per socket; more wait in the mailbox. */
  maxUnackedPerConnection: number
  /** Above this many bytes waiting in a socket's send buffer, messages wait in the mailbox instead. */
  sendHighWaterBytes: number
  /** Above this many bytes waiting in a socket's send buffer, the client is not reading: the socket is dropped. */
  maxBufferedBytes: number
  /** Received frames waiting to be handled, per socket; above it the relay stops reading the socket. */
  maxInboundQueueBytes: number
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  maxConnectionsPerIp: 50,
  maxConnectionsPerProject: 2000,
  proxyHops: 0,
  maxFrameBytes: 1024 * 1024,
  maxMessageBytes: 96 * 1024,
  maxTtlSeconds: 24 * 3600,
  maxMessagesPerTopic: 100,
  retainAfterAckSeconds: 60,
  rateLimit: { perSecond: 50, burst: 300 },
  publishBytesPerIp: { perSecond: 64 * 1024, burst: 1024 * 1024 },
  readBytesPerIp: { perSecond: 1024 * 1024, burst: 4 * 1024 * 1024 },
  maxTopicsPerConnection: 1000,
  deliveryPageSize: 20,
  maxUnackedPerConnection: 500,
  sendHighWaterBytes: 256 * 1024,
  maxBufferedBytes: 1024 * 1024,
  maxInboundQueueBytes: 1024 * 1024,
}

const envName = (path: string[]) =>
  `PORTICO_RELAY_${path
    .map((p) => p.replace(/[A-Z]/g, (c) => `_${c}`))
    .join('_')
    .toUpperCase()}`

/**
 * Limits set in the environment: each field as PORTICO_RELAY_<FIELD_IN_SNAKE_CASE>, e.g.
 * PORTICO_RELAY_MAX_CONNECTIONS_PER_IP=100, PORTICO_RELAY_RATE_LIMIT_PER_SECOND=20.
 */
export function relayLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<RelayLimits> {
  const out: Record<string, unknown> = {}
  const read = (path: string[]) => {
    const name = envName(path)
    const text = env[name]
    if (text === undefined || text === '') return undefined
    const value = Number(text)
    const min = path[0] === 'proxyHops' ? 0 : 1
    if (!Number.isSafeInteger(value) || value < min) throw new Error(`Invalid ${name}=${text}: expected an integer ≥ ${min}`)
    return value
  }
  for (const [key, fallback] of Object.entries(DEFAULT_RELAY_LIMITS)) {
    if (typeof fallback === 'number') {
      const value = read([key])
      if (value !== undefined) out[key] = value
      continue
    }
    const nested = Object.fromEntries(
      Object.keys(fallback)
        .map((k) => [k, read([key, k])])
        .filter(([, v]) => v !== undefined),
    )
    if (Object.keys(nested).length > 0) out[key] = { ...fallback, ...nested }
  }
  return out as Partial<RelayLimits>
}

/** The names relayLimitsFromEnv reads (for documentation and tests). */
export const RELAY_LIMIT_ENV = Object.entries(DEFAULT_RELAY_LIMITS).flatMap(([key, v]) =>
  typeof v === 'number' ? [envName([key])] : Object.keys(v).map((k) => envName([key, k])),
)

/**
 * The key a client's connections and publish bytes are counted under: its IPv4 address, or the /64
 * of its IPv6 address (one host usually holds a whole /64). With proxyHops, the address that many
 * entries from the right of X-Forwarded-For (the one the nearest trusted proxy saw).
 */
export function clientAddressKey(req: IncomingMessage, proxyHops = 0): string {
  let address = req.socket.remoteAddress ?? 'unknown'
  if (proxyHops > 0) {
    const header = req.headers['x-forwarded-for']
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    const forwarded = hops[hops.length - proxyHops]
    if (forwarded) address = forwarded
  }
  return addressKey(address)
}

export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!isIPv6(address)) return address
  const [head = '', tail = ''] = address.split('::', 2) as [string, string?]
  const left = head ? head.split(':') : []
  const right = address.includes('::') && tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`
}

/** A token bucket; `take` refills by elapsed time, then spends `cost` if it has it. */
export class TokenBucket {
  private tokens: number
  private at: number
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst
    this.at = now
  }
  private refill(now: number) {
    this.tokens = Math.min(this.burst, this.tokens + (Math.max(0, now - this.at) / 1000) * this.perSecond)
    this.at = now
  }
  take(cost: number, now: number): boolean {
    this.refill(now)
    if (this.tokens < cost) return false
    this.tokens -= cost
    return true
  }
  /** Spends regardless and returns the balance (negative: in debt). */
  spend(cost: number, now: number): number {
    this.refill(now)
    this.tokens -= cost
    return this.tokens
  }
  full(now: number): boolean {
    this.refill(now)
    return this.tokens >= this.burst
  }
}

export type AdmitResult = { ok: true; release: () => void } | { ok: false; reason: 'ip' | 'project' }

/**
 * Open connections per client address and per project, reserved before the upgrade's first await
 * (so a burst of simultaneous upgrades cannot overshoot) and released when the socket closes or the
 * upgrade fails. Each address also carries its publish-bytes and read-bytes buckets, kept a while
 * after its last socket closes so that reconnecting does not refill them.
 */
export class ConnectionCaps {
  private readonly byIp = new Map<string, { open: number; publish: TokenBucket; read: TokenBucket }>()
  private readonly byProject = new Map<string, number>()
  constructor(
    private readonly limits: Pick<RelayLimits, 'maxConnectionsPerIp' | 'maxConnectionsPerProject' | 'publishBytesPerIp' | 'readBytesPerIp'>,
    private readonly now: () => number,
  ) {}

  admitIp(ip: string): AdmitResult {
    let entry = this.byIp.get(ip)
    if ((entry?.open ?? 0) >= this.limits.maxConnectionsPerIp) return { ok: false, reason: 'ip' }
    if (!entry) {
      const { publishBytesPerIp: publish, readBytesPerIp: read } = this.limits
      entry = {
        open: 0,
        publish: new TokenBucket(publish.perSecond, publish.burst, this.now()),
        read: new TokenBucket(read.perSecond, read.burst, this.now()),
      }
      this.byIp.set(ip, entry)
    }
    entry.open++
    const held = entry
    return { ok: true, release: once(() => void held.open--) }
  }

  admitProject(projectId: string): AdmitResult {
    const open = this.byProject.get(projectId) ?? 0
    if (open >= this.limits.maxConnectionsPerProject) return { ok: false, reason: 'project' }
    this.byProject.set(projectId, open + 1)
    return {
      ok: true,
      release: once(() => {
        const left = (this.byProject.get(projectId) ?? 1) - 1
        if (left <= 0) this.byProject.delete(projectId)
        else this.byProject.set(projectId, left)
      }),
    }
  }

  /** Spends `bytes` of the address's publish budget; false when it has not got them. */
  takePublishBytes(ip: string, bytes: number): boolean {
    const entry = this.byIp.get(ip)
    return entry ? entry.publish.take(bytes, this.now()) : false
  }

  /**
   * Counts `bytes` read from the address; returns how long (ms) its sockets should not be read, 0
   * when within its budget. The debt is shared by all its sockets, so together they average the rate.
   */
  readDelay(ip: string, bytes: number): number {
    const entry = this.byIp.get(ip)
    if (!entry) return 0
    const balance = entry.read.spend(bytes, this.now())
    return balance >= 0 ? 0 : Math.ceil((-balance / this.limits.readBytesPerIp.perSecond) * 1000)
  }

  openFor(ip: string): number {
    return this.byIp.get(ip)?.open ?? 0
  }

  /** Forgets addresses with no socket whose bucket has refilled (called on an interval). */
  prune() {
    const t = this.now()
    for (const [ip, entry] of this.byIp) if (entry.open <= 0 && entry.publish.full(t) && entry.read.full(t)) this.byIp.delete(ip)
  }
}

function once(fn: () => void) {
  let done = false
  return () => {
    if (done) return
    done = true
    fn()
  }
}
