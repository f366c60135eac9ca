import { SocialProviders } from '@portico/core/spec'
import type { ServerContext } from '../context.js'
import { resolveRemoteFeatures } from '../projects/remoteFeatures.js'
import { devProviderClient, providerClient, type ProviderClient, type SocialProvider } from './socialProviders.js'
import { authOf, type Auth } from './state.js'

/** Whether the project's remote features (SPEC §9 'Defaults' under its overrides) offer `provider`. */
export function projectOffersSocial(features: Record<string, unknown>, provider: string): boolean {
  const socials = resolveRemoteFeatures(features).find((f) => f.id === 'socials')
  return Boolean(socials?.isEnabled && socials.config?.includes(provider))
}

/** The provider's client: config.socialProviders (the provider table), else the dev identity provider standing in. */
export function providerFor(auth: Auth, provider: SocialProvider): ProviderClient | undefined {
  const configured = providerClient(provider, auth.ctx.config.socialProviders ?? {})
  if (configured) return configured
  const dev = auth.devIdentityProvider
  if (dev?.standsInFor.includes(provider)) return devProviderClient(provider, dev)
  return undefined
}

const known = new WeakMap<ServerContext, ReadonlySet<string>>()

/**
 * The SPEC socials this server can complete a sign-in with: an OAuth provider with a client
 * (configured in socialProviders, or the dev OpenID provider standing in for it), farcaster with
 * its relay configured (or, under devRoutes, the dev stand-in). None without the embedded wallet
 * (no secure origin, no callback). Read once per server: the configuration does not change.
 */
export function completableSocials(ctx: ServerContext): ReadonlySet<string> {
  let set = known.get(ctx)
  if (set) return set
  const auth = authOf(ctx)
  set = new Set(
    auth
      ? SocialProviders.filter((provider) =>
          provider === 'farcaster' ? Boolean(ctx.config.farcaster || ctx.config.devRoutes) : providerFor(auth, provider) !== undefined,
        )
      : [],
  )
  // Before the embedded wallet has started (its dev provider), nothing is kept: the next call reads again.
  if (!auth || auth.secureFrameUrl) known.set(ctx, set)
  return set
}
