import { DefaultRemoteFeatures } from '@portico/core/spec'

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
