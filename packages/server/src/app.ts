import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { ServerContext } from './context.js'
import { projectGuard } from './projects.js'
import { registerRoutes } from './routes/index.js'

export type App = OpenAPIHono<{ Variables: { projectId: string } }>

/** The HTTP API: validation, project check, rate limits, JSON errors, OpenAPI at /openapi.json. */
export function createApp(ctx: ServerContext): App {
  const app: App = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success)
        return c.json(
          { error: 'Invalid request', reasons: result.error.issues.map((i) => ({ description: `${i.path.join('.') || 'request'}: ${i.message}` })) },
          400,
        )
    },
  })

  app.use('*', cors({ origin: (origin) => origin, allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'], maxAge: 600 }))

  // Rate limit per client IP on every call.
  app.use('*', async (c, next) => {
    const ip = clientIp(c)
    if (!(await ctx.rateLimiter.hit(`ip:${ip}`, ctx.config.rateLimits.perIpPerMinute, 60_000)))
      return c.json({ error: 'Rate limited' }, 429)
    await next()
  })

  app.use('*', projectGuard(ctx))

  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ error: error.message }, error.status)
    if (error instanceof SyntaxError) return c.json({ error: 'Malformed JSON body' }, 400)
    ctx.log('unhandled error', error)
    return c.json({ error: 'Internal Server Error' }, 500)
  })
  app.notFound((c) => c.json({ error: 'Not Found' }, 404))

  app.get('/health', (c) => c.json({ ok: true }))
  registerRoutes(app, ctx)
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Portico server', version: '0.1.0', description: 'The self-hostable Portico API (SPEC §7).' },
  })
  return app
}

function clientIp(c: Context): string {
  try {
    return getConnInfo(c as never).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
