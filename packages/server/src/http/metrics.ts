import { timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { clientIp, trustedProxies } from '../clientIp.js'

/** Prometheus metrics of one server instance (its own registry, so several servers in one process stay apart). */
export function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  return {
    registry,
    requestSeconds: new Histogram({
      name: 'portico_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
    errors: new Counter({
      name: 'portico_http_errors_total',
      help: 'HTTP answers with status 4xx, 5xx and 429 (status label: 4xx, 5xx or 429)',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
  }
}
export type Metrics = ReturnType<typeof createMetrics>

/** The relay's open sockets and its message counts on this instance, read at each scrape. */
export function watchRelay(metrics: Metrics, relay: { connectionCount(): number; messageCounts(): { published: number; fannedOut: number } }) {
  new Gauge({
    name: 'portico_relay_connections',
    help: 'Open relay WebSockets on this instance',
    registers: [metrics.registry],
    collect() {
      this.set(relay.connectionCount())
    },
  })
  new Counter({
    name: 'portico_relay_messages_total',
    help: 'Relay messages: published (stored by a publish on this instance) and fanned_out (delivered to this instance sockets, from any instance)',
    labelNames: ['kind'] as const,
    registers: [metrics.registry],
    collect() {
      const counts = relay.messageCounts()
      this.reset()
      this.inc({ kind: 'published' }, counts.published)
      this.inc({ kind: 'fanned_out' }, counts.fannedOut)
    },
  })
}

/** Per chain: whether this instance leads its indexer, and how many blocks the index is behind the head. */
export function watchIndexer(metrics: Metrics, indexer: { status(): { chainId: string; leader: boolean; head?: bigint; indexed?: bigint }[] }) {
  new Gauge({
    name: 'portico_indexer_lag_blocks',
    help: 'Blocks between the chain head and the last indexed block (chains this instance leads)',
    labelNames: ['chain'] as const,
    registers: [metrics.registry],
    collect() {
      this.reset()
      for (const s of indexer.status()) if (s.head !== undefined) this.set({ chain: s.chainId }, Number(s.head - (s.indexed ?? s.head)))
    },
  })
  new Gauge({
    name: 'portico_indexer_leader',
    help: '1 when this instance indexes the chain (holds its lock), 0 on a standby',
    labelNames: ['chain'] as const,
    registers: [metrics.registry],
    collect() {
      this.reset()
      for (const s of indexer.status()) this.set({ chain: s.chainId }, s.leader ? 1 : 0)
    },
  })
}

/** The PostgreSQL pool: connections in total, idle, and callers waiting for one (nothing on PGlite). */
export function watchDatabase(metrics: Metrics, db: { poolStats(): { total: number; idle: number; waiting: number } | undefined }) {
  new Gauge({
    name: 'portico_db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting: queued callers)',
    labelNames: ['state'] as const,
    registers: [metrics.registry],
    collect() {
      const stats = db.poolStats()
      if (!stats) return
      for (const [state, n] of Object.entries(stats)) this.set({ state }, n)
    },
  })
}

/** Records every request's latency under its route pattern (never the raw URL), and 4xx/5xx/429 counts. */
export function metricsMiddleware(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const status = c.res.status
    const route = c.req.routePath && c.req.routePath !== '*' && c.req.routePath !== '/*' ? c.req.routePath : 'unmatched'
    metrics.requestSeconds.observe({ method: c.req.method, route, status_class: `${Math.floor(status / 100)}xx` }, (performance.now() - started) / 1000)
    if (status === 429) metrics.errors.inc({ status: '429' })
    if (status >= 400) metrics.errors.inc({ status: `${Math.floor(status / 100)}xx` })
  }
}

export interface MetricsAccess {
  /** Scrapers' addresses (CIDRs); loopback by default. */
  allow: readonly string[]
  /** A bearer token that also grants access (PORTICO_METRICS_TOKEN). */
  token?: string
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * `/metrics` is not public: only from `access.allow` (the client address through trusted proxies)
 * or with `Authorization: Bearer <token>`; anyone else gets 404, as if it did not exist.
 */
export function metricsHandler(metrics: Metrics, access: MetricsAccess) {
  const allowed = trustedProxies(access.allow)
  return async (c: Context) => {
    const ip = clientIp(c)
    const bearer = c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1]
    const byToken = access.token !== undefined && bearer !== undefined && sameSecret(bearer, access.token)
    const byAddress = ip !== 'unknown' && allowed.check(ip, ip.includes(':') ? 'ipv6' : 'ipv4')
    if (!byToken && !byAddress) return c.json({ error: 'Not Found' }, 404)
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType })
  }
}
