import { createRoute, z } from '@hono/zod-openapi'
import { DefaultRemoteFeatures } from '@portico/core/spec'
import { completableSocials } from '../auth/socialAvailability.js'
import type { App } from '../http/app.js'
import { errorResponses, json } from '../http/responses.js'
import type { ServerContext } from '../context.js'
import { CommonQuery } from '../schemas.js'

/** SPEC §9 'Defaults' → 'Remote features', in the order they are listed (core's defaults, one copy). */
export const DEFAULT_REMOTE_FEATURES = Object.entries(DefaultRemoteFeatures) as ReadonlyArray<readonly [string, boolean | readonly string[]]>

export interface RemoteFeature {
  id: string
  isEnabled: boolean
  /** The provider list (swaps, onramp) or socials list; null for on/off features. */
  config: string[] | null
}

const strings = (value: unknown): string[] | undefined => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...value] : undefined)

/**
 * A project's `features` over the defaults. Each value may be a boolean, a list (list features:
 * empty means off) or `{ isEnabled, config }`. Unknown ids and ill-typed values are ignored.
 * With `socials` (the providers this server can complete), the socials list keeps only those;
 * none left turns the feature off, so the modal never shows a button that cannot sign in.
 */
export function resolveRemoteFeatures(overrides: Record<string, unknown>, socials?: ReadonlySet<string>): RemoteFeature[] {
  const features = resolveOverrides(overrides)
  if (!socials) return features
  return features.map((f) => {
    if (f.id !== 'socials') return f
    const config = (f.config ?? []).filter((provider) => socials.has(provider))
    return { id: f.id, isEnabled: f.isEnabled && config.length > 0, config }
  })
}

function resolveOverrides(overrides: Record<string, unknown>): RemoteFeature[] {
  return DEFAULT_REMOTE_FEATURES.map(([id, fallback]) => {
    const isList = typeof fallback !== 'boolean'
    const defaults: RemoteFeature = isList ? { id, isEnabled: fallback.length > 0, config: [...fallback] } : { id, isEnabled: fallback, config: null }
    let value = overrides[id]
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const { isEnabled, config } = value as { isEnabled?: unknown; config?: unknown }
      if (isList && strings(config)) value = isEnabled === false ? false : strings(config)
      else if (typeof isEnabled === 'boolean') value = isEnabled
      else return defaults
    }
    if (typeof value === 'boolean') return isList ? { id, isEnabled: value, config: value ? defaults.config : [] } : { id, isEnabled: value, config: null }
    const list = strings(value)
    if (isList && list) return { id, isEnabled: list.length > 0, config: list }
    return defaults
  })
}

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
