import type { PorticoError } from '../errors/base.js'
import * as v from 'valibot'
import { AnalyticsConfigSchema, RemoteConfigSchema } from '../api/schemas.js'
import { DefaultRemoteFeatures, type RemoteFeatures } from '../spec/defaults.js'
import type { Portico } from '../portico.js'

export type FetchProjectConfigReturnType = void
export type FetchProjectConfigErrorType = PorticoError

/**
 * Reads the project's remote features and analytics switch from the server. The host's own
 * `remoteFeatures` option wins over the server's, except socials: the server lists only the
 * providers it can complete, and a host's list can only narrow that. Analytics need both the
 * host's `analytics` feature and the project's consent.
 */
export async function fetchProjectConfig(portico: Portico) {
  if (!portico.api) return
  const [config, analytics] = await Promise.allSettled([portico.api.get({ path: 'appkit/v1/config' }), portico.api.get({ path: 'getAnalyticsConfig' })])
  const { project } = portico.stores
  if (config.status === 'fulfilled') {
    const parsed = v.safeParse(RemoteConfigSchema, config.value)
    if (parsed.success) {
      const fromServer = toRemoteFeatures(parsed.output.features)
      // Features Portico does not build stay off whatever the server says (a host's own option is refused outright).
      for (const feature of NotBuiltRemoteFeatures) {
        if (fromServer[feature]) portico.logger.warn(`remote feature ${feature} is not built in Portico; ignored`)
        fromServer[feature] = false
      }
      const merged: RemoteFeatures = { ...DefaultRemoteFeatures, ...fromServer, ...portico.options.hostRemoteFeatures }
      // The server lists only the socials it can complete: a host's own list narrows that, never widens it
      // (a button for a provider the server cannot complete would only fail).
      const host = portico.options.hostRemoteFeatures.socials
      if (host && 'socials' in fromServer) {
        const servable = fromServer.socials || []
        const kept = host.filter((provider) => servable.includes(provider))
        merged.socials = kept.length > 0 ? kept : false
      }
      project.setState({ remoteFeatures: merged })
    } else portico.logger.warn('ignored an invalid remote config', parsed.issues[0]?.message)
  }
  if (analytics.status === 'fulfilled') {
    const parsed = v.safeParse(AnalyticsConfigSchema, analytics.value)
    if (parsed.success) project.setState({ analyticsEnabled: portico.options.features.analytics && parsed.output.isAnalyticsEnabled })
  }
}

const NotBuiltRemoteFeatures = ['payWithExchange', 'payments'] as const

function toRemoteFeatures(features: Array<{ id: string; isEnabled: boolean; config?: unknown }>): Partial<RemoteFeatures> {
  const out: Record<string, unknown> = {}
  for (const { id, isEnabled, config } of features) {
    if (!(id in DefaultRemoteFeatures)) continue
    const listValued = Array.isArray(DefaultRemoteFeatures[id as keyof RemoteFeatures])
    const fallback = DefaultRemoteFeatures[id as keyof RemoteFeatures]
    out[id] = !listValued ? isEnabled : isEnabled ? (Array.isArray(config) ? config : fallback) : false
  }
  return out as Partial<RemoteFeatures>
}
