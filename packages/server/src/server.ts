import { serve, type ServerType } from '@hono/node-server'
import { mkdirSync } from 'node:fs'
import { createApp } from './app.js'
import { DEFAULT_CONFIG, type ServerConfig } from './config.js'
import { evmClients, type ServerContext } from './context.js'
import { openDatabase, type Database } from './db/database.js'
import { migrate } from './db/migrate.js'
import type { App } from './http/app.js'
import { projectReader, seedProjects } from './projects/projects.js'
import { memoryBalanceCache, redisBalanceCache } from './chain/balanceCache.js'
import { memoryHistoryCache, redisHistoryCache } from './indexer/historyCache.js'
import { memoryRateLimiter, redisRateLimiter } from './rateLimit.js'
import { startRelay } from './relay/index.js'
import { solanaClients } from './solana/rpc.js'
import { startServices } from './services/index.js'
import { startEmbeddedWallet, type EmbeddedInfo } from './auth/start.js'
import { registerHealth } from './http/health.js'
import { createLogger } from './http/logger.js'
import { createMetrics, watchDatabase, watchIndexer, watchRelay } from './http/metrics.js'

export interface PorticoServer {
  url: string
  port: number
  app: App
  ctx: ServerContext
  db: Database
  /** The embedded wallet's parts (config.secureFrame): secure origin, dev mail catcher, dev identity provider. */
  embedded?: EmbeddedInfo
  /**
   * Graceful stop: /readyz answers 503 at once, no new connections, in-flight requests finish
   * within `deadlineMs` (default 10 s), relay sockets close with 1012, background work stops, DB closes.
   */
  close(options?: { deadlineMs?: number }): Promise<void>
}

/** Rate limits shared through Redis when REDIS_URL is set; per instance otherwise. */
async function rateLimiterFor(
  config: ServerConfig,
  closers: Array<() => Promise<void> | void>,
  ping: { redis?: () => Promise<unknown>; client?: import('ioredis').Redis },
) {
  if (!config.redisUrl) return memoryRateLimiter()
  const { Redis } = await import('ioredis')
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true })
  closers.push(async () => void (await redis.quit().catch(() => redis.disconnect())))
  ping.redis = () => redis.ping()
  ping.client = redis
  return redisRateLimiter(redis)
}

/** Resolves when no request is in flight, or after `ms`. */
function settled(inFlight: () => number, ms: number): Promise<void> {
  const until = Date.now() + ms
  return new Promise((resolve) => {
    const tick = () => (inFlight() === 0 || Date.now() >= until ? resolve() : setTimeout(tick, 20))
    tick()
  })
}

/** Opens the database, migrates it, seeds projects, starts background work and listens. */
export async function startServer(overrides: Partial<ServerConfig> = {}): Promise<PorticoServer> {
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...overrides }
  if (config.dataDir && !config.databaseUrl) mkdirSync(config.dataDir, { recursive: true })
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrate(db)
  await seedProjects(db, config.projects)

  const closers: Array<() => Promise<void> | void> = []
  const ping: { redis?: () => Promise<unknown>; client?: import('ioredis').Redis } = {}
  let draining = false
  const logger = createLogger({ level: config.logLevel, destination: config.logDestination })
  const ctx: ServerContext = {
    config,
    db,
    rateLimiter: await rateLimiterFor(config, closers, ping),
    projects: projectReader(db),
    evmClient: evmClients(config.rpcUrls),
    solanaRpc: solanaClients(config.rpcUrls),
    onClose: (fn) => void closers.push(fn),
    logger,
    log: (message, ...args) =>
      logger.warn({ detail: args.map((a) => (a instanceof Error ? { type: a.name, message: a.message, stack: a.stack } : a)) }, String(message)),
  }
  const embedded = await startEmbeddedWallet(ctx) // issue 6: secure origin (+ dev mail catcher, dev OpenID provider)
  const metrics = createMetrics()
  const app = createApp(ctx, metrics)
  const { indexer, followedChains } = await startServices(ctx)
  // Balances cached for the chains the indexers follow (they invalidate them): shared through Redis when set.
  const cacheOptions = { chains: [...indexer.chains, ...followedChains], log: ctx.log }
  ctx.balanceCache = ping.client ? redisBalanceCache(ping.client, cacheOptions) : memoryBalanceCache(cacheOptions)
  ctx.historyCache = ping.client ? redisHistoryCache(ping.client, { log: ctx.log }) : memoryHistoryCache({ log: ctx.log })
  registerHealth(app as never, {
    database: () => db.query('select 1'),
    redis: ping.redis,
    draining: () => draining,
    ...(indexer.chains.length > 0 ? { indexer: () => indexer.healthy() } : {}),
  })
  watchIndexer(metrics, indexer)
  watchDatabase(metrics, db)
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () => resolve(s))
    s.once('error', reject)
  })
  let inFlight = 0
  server.on('request', (_req, res) => {
    inFlight++
    res.once('close', () => inFlight--)
  })
  const port = (server.address() as { port: number }).port
  watchRelay(metrics, await startRelay(ctx, server as import('node:http').Server)) // WalletConnect relay at /relay (cleanup via ctx.onClose)
  const url = `http://${config.host}:${port}`
  if (overrides.publicUrl === undefined) config.publicUrl = url
  return {
    url,
    port,
    app,
    ctx,
    db,
    embedded,
    async close({ deadlineMs = config.shutdownDeadlineMs ?? 10_000 } = {}) {
      draining = true
      const http = server as import('node:http').Server
      const stopped = new Promise<void>((resolve) => http.close(() => resolve())) // no new connections
      http.closeIdleConnections()
      await settled(() => inFlight, deadlineMs)
      for (const fn of closers.reverse()) await fn() // relay sockets (1012), services, Redis
      http.closeAllConnections()
      await stopped
      await db.close()
    },
  }
}
