import type { App } from '../http/app.js'
import { listAnalyticsEvents } from '../analytics/store.js'
import type { ServerContext } from '../context.js'
import { Refusal } from '../refusals.js'

/**
 * Development-only inspection routes (config.devRoutes: `npm start` and the tests). They show
 * what the server received, so a developer or a journey can see it; never enable in production.
 */
export function register(app: App, ctx: ServerContext) {
  if (!ctx.config.devRoutes) return
  app.get('/dev/analytics', async (c) => {
    const projectId = c.req.query('projectId')
    if (!projectId) throw Refusal.badRequest('projectId is required')
    return c.json({ events: await listAnalyticsEvents(ctx.db, { projectId }) })
  })
}
