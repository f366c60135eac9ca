import { createRoute, z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import type { App } from '../http/app.js'
import { errorBody, errorResponse, errorResponses, json } from '../http/responses.js'
import { insertAnalyticsEvent } from './store.js'
import type { ServerContext } from '../context.js'
import { CommonQuery } from '../schemas.js'
import { Refusal } from '../refusals.js'

/** Largest accepted body of POST /e. */
export const MAX_EVENT_BYTES = 32 * 1024

const Props = z.object({
  type: z.enum(['track', 'error']),
  event: z.string().min(1).max(128),
  address: z.string().max(256).optional(),
  properties: z.record(z.string().max(128), z.unknown()).optional(),
  errorType: z.string().max(256).optional(),
  errorMessage: z.string().max(4_096).optional(),
  stackTrace: z.string().max(16_384).optional(),
})

export const AnalyticsEventSchema = z
  .object({
    eventId: z.guid(),
    url: z.string().max(2_048),
    domain: z.string().max(253),
    timestamp: z.number().int().min(0).max(8_640_000_000_000_000),
    props: Props,
  })
  .openapi('AnalyticsEvent')

const postEvent = createRoute({
  method: 'post',
  path: '/e',
  summary: 'An analytics event or error report (SPEC §7 "Analytics")',
  request: {
    query: z.object(CommonQuery),
    body: { required: true, content: { 'application/json': { schema: AnalyticsEventSchema } } },
  },
  responses: {
    202: json(z.object({ ok: z.literal(true) }), 'Stored'),
    ...errorResponses,
    403: errorResponse('Unknown project, or analytics switched off for it'),
    413: errorResponse(`Body over ${MAX_EVENT_BYTES} bytes`),
  },
})

export function register(app: App, ctx: ServerContext) {
  app.use(
    '/e',
    bodyLimit({
      maxSize: MAX_EVENT_BYTES,
      onError: (c) => c.json(errorBody('Payload Too Large', `body: at most ${MAX_EVENT_BYTES} bytes`), 413),
    }),
  )

  // navigator.sendBeacon and preflight-free fetches send JSON as text/plain: read it as JSON.
  app.use('/e', async (c, next) => {
    if (c.req.method === 'POST' && /^text\/plain\b/i.test(c.req.header('content-type') ?? '')) {
      const headers = new Headers(c.req.raw.headers)
      headers.set('content-type', 'application/json')
      c.req.raw = new Request(c.req.raw, { headers, duplex: 'half' } as RequestInit)
    }
    await next()
  })

  app.openapi(postEvent, async (c) => {
    const { projectId, project } = c.var
    if (!project.analytics) throw Refusal.forbidden('Analytics disabled for this project')
    await insertAnalyticsEvent(ctx.db, projectId, c.req.valid('json'))
    return c.json({ ok: true as const }, 202)
  })
}
