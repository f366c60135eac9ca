import { createRoute, z } from '@hono/zod-openapi'
import { completableSocials } from '../auth/socialAvailability.js'
import type { App } from '../http/app.js'
import { errorResponses, json } from '../http/responses.js'
import type { ServerContext } from '../context.js'
import { CommonQuery } from '../schemas.js'

import { resolveRemoteFeatures } from './remoteFeatures.js'

export { DEFAULT_REMOTE_FEATURES, resolveRemoteFeatures, type RemoteFeature } from './remoteFeatures.js'

const Query = z.object(CommonQuery)
const RemoteFeaturesSchema = z
  .object({
    features: z.array(z.object({ id: z.string(), isEnabled: z.boolean(), config: z.array(z.string()).nullable() })),
  })
  .openapi('RemoteFeatures')

const configRoute = createRoute({
  method: 'get',
  path: '/appkit/v1/config',
  summary: "The project's remote features over the defaults (SPEC §9 'Defaults')",
  request: { query: Query },
  responses: {
    200: json(RemoteFeaturesSchema, 'One entry per remote feature'),
    ...errorResponses,
  },
})

const originsRoute = createRoute({
  method: 'get',
  path: '/projects/v1/origins',
  summary: 'Origins allowed to use the project (exact, or `scheme://host:*`)',
  request: { query: Query },
  responses: {
    200: json(z.object({ allowedOrigins: z.array(z.string()) }), 'The allowed origins'),
    ...errorResponses,
  },
})

const analyticsConfigRoute = createRoute({
  method: 'get',
  path: '/getAnalyticsConfig',
  summary: 'Whether the project collects analytics',
  request: { query: Query },
  responses: {
    200: json(z.object({ isAnalyticsEnabled: z.boolean() }), 'The analytics switch'),
    ...errorResponses,
  },
})

const supportedChainsRoute = createRoute({
  method: 'get',
  path: '/v1/supported-chains',
  summary: 'CAIP-2 ids this server has RPC endpoints for',
  request: { query: Query },
  responses: {
    200: json(z.object({ http: z.array(z.string()), ws: z.array(z.string()) }), 'Supported chains by transport'),
    ...errorResponses,
  },
})

export function register(app: App, ctx: ServerContext) {
  // The project guard read the project (and answered 403 for an unknown one).
  app.openapi(configRoute, (c) => c.json({ features: resolveRemoteFeatures(c.var.project.features, completableSocials(ctx)) }, 200))
  app.openapi(originsRoute, (c) => c.json({ allowedOrigins: c.var.project.allowedOrigins }, 200))
  app.openapi(analyticsConfigRoute, (c) => c.json({ isAnalyticsEnabled: c.var.project.analytics }, 200))

  app.openapi(supportedChainsRoute, (c) => c.json({ http: Object.keys(ctx.config.rpcUrls), ws: [] as string[] }, 200))
}
