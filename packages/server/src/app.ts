import { OpenAPIHono } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { authOf } from './auth/state.js'
import { clientIp, rateLimitKey, resolveClientIp, socketIp, trustedProxies } from './clientIp.js'
import type { ServerContext } from './context.js'
import type { App } from './http/app.js'
import { HttpError, httpErrorBody } from './http/errors.js'
import { createMetrics, metricsHandler, metricsMiddleware, type Metrics } from './http/metrics.js'
import { createLogger, requestLogger } from './http/logger.js'
import { corsPolicy } from './cors.js'
import { projectGuard } from './projects/projects.js'
import { registerRoutes } from './routes.js'

/** Request bodies: 64 KiB everywhere (config.bodyLimitBytes), more only where a call needs it; larger ones get 413. */
export const BODY_LIMITS = { default: 64 * 1024, rpc: 512 * 1024 } as const

function bodyLimits(limit: number = BODY_LIMITS.default): MiddlewareHandler {
  const tooLarge = bodyLimit({ maxSize: limit, onError: (c) => c.json({ error: 'Payload Too Large' }, 413) })
  // A signed raw transaction (eth_sendRawTransaction) may carry up to 128 KiB of data, hex-encoded.
  const rpc = bodyLimit({ maxSize: Math.max(limit, BODY_LIMITS.rpc), onError: (c) => c.json({ error: 'Payload Too Large' }, 413) })
  // The RPC forwarding: /v1/rpc/{caip2}, the chain RPC host /v1/?chainId= (SPEC §7) and a Bitcoin broadcast (POST /v1/bip122/{ref}/esplora/tx). GET, HEAD and OPTIONS
  // bodies are never read: skipped, since asking for the body makes @hono/node-server build a full Request
  // (headers copied, an AbortController) on every call — ~8% of a cached GET's CPU in the bench profile.
  return (c, next) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next()
    return (c.req.path.startsWith('/v1/rpc/') || c.req.path === '/v1/' || /^\/v1\/bip122\/[0-9a-f]{32}\/esplora\/tx$/.test(c.req.path) ? rpc : tooLarge)(
      c,
      next,
    )
  }
}

/** The HTTP API: validation, project check, rate limits, JSON errors, OpenAPI at /openapi.json. */
export function createApp(ctx: ServerContext, metrics: Metrics = createMetrics()): App {
  const app: App = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success)
        return c.json(
          { error: 'Invalid request', reasons: result.error.issues.map((i) => ({ description: `${i.path.join('.') || 'request'}: ${i.message}` })) },
          400,
        )
    },
  })

  // The client's address first: through trusted proxies only (config.trustProxy), else the socket's.
  const trusted = trustedProxies(ctx.config.trustProxy ?? [])
  app.use('*', async (c, next) => {
    c.set('clientIp', resolveClientIp(socketIp(c), c.req.header('x-forwarded-for'), trusted))
    await next()
    // Every 429 tells the client when to retry: the limits are per-minute windows.
    if (c.res.status === 429 && !c.res.headers.has('Retry-After')) c.res.headers.set('Retry-After', '60')
  })

  // Latency and error counts by route pattern; /metrics only for configured scrapers (config.metrics).
  app.use('*', metricsMiddleware(metrics))
  app.use('*', requestLogger(ctx.logger ?? createLogger()))

  // CORS first, so that every answer below it (413, 429, errors) carries the grant or its absence.
  app.use(
    '*',
    corsPolicy(ctx, () => authOf(ctx)?.secureFrameUrl),
  )
  app.use('*', bodyLimits(ctx.config.bodyLimitBytes))

  // Rate limit per client IPv4 address or IPv6 /64 on every call.
  app.use('*', async (c, next) => {
    const ip = clientIp(c)
    if (!(await ctx.rateLimiter.hit(`ip:${rateLimitKey(ip)}`, ctx.config.rateLimits.perIpPerMinute, 60_000))) return c.json({ error: 'Rate limited' }, 429)
    await next()
  })

  app.use('*', projectGuard(ctx))

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      if (error.retry) c.header('Retry-After', String(error.retry.seconds))
      return c.json(httpErrorBody(error), error.status)
    }
    if (error instanceof HTTPException) return c.json({ error: error.message }, error.status)
    if (error instanceof SyntaxError) return c.json({ error: 'Malformed JSON body' }, 400)
    ctx.log('unhandled error', error)
    return c.json({ error: 'Internal Server Error' }, 500)
  })
  app.notFound((c) => c.json({ error: 'Not Found' }, 404))

  app.get('/health', (c) => c.json({ ok: true }))
  app.get('/metrics', metricsHandler(metrics, ctx.config.metrics ?? { allow: ['127.0.0.1', '::1'] }))
  registerRoutes(app, ctx)
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Portico server', version: '0.1.0', description: 'The self-hostable Portico API (SPEC §7).' },
  })
  return app
}
