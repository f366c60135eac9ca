import type { ServerContext } from '../context.js'
import { startSecureOrigin } from './secureOrigin.js'
import { initAuth } from './state.js'

export interface EmbeddedInfo {
  /** The secure frame's origin (the frame is at <url>/frame). */
  secureFrameUrl: string
  /** The dev mail catcher's SMTP port (inbox at <server>/dev/mail). */
  mailCatcherPort?: number
  /** The dev identity provider's issuer URL. */
  devIdentityProviderUrl?: string
}

/**
 * Starts the embedded wallet's parts when config.secureFrame is set: the secure origin, and in
 * development the mail catcher and the local OpenID provider. Each stops with the server.
 */
export async function startEmbeddedWallet(ctx: ServerContext): Promise<EmbeddedInfo | undefined> {
  const auth = await initAuth(ctx)
  if (!auth) return undefined
  const secure = await startSecureOrigin(ctx, auth)
  auth.secureFrameUrl = secure.url
  ctx.onClose(() => secure.close())
  if (ctx.config.devMailCatcher) {
    const { startMailCatcher } = await import('../dev/mailCatcher.js')
    auth.mailCatcher = await startMailCatcher({ port: ctx.config.devMailCatcher.port })
    ctx.onClose(() => auth.mailCatcher?.close())
  }
  if (ctx.config.devIdentityProvider) {
    const { startDevIdentityProvider } = await import('../dev/oidcProvider.js') // dev only: loaded on demand
    auth.devIdentityProvider = await startDevIdentityProvider({
      port: ctx.config.devIdentityProvider.port,
      redirectUri: `${secure.url}/auth/social/callback`,
      standsInFor: ctx.config.devIdentityProvider.standsInFor,
    })
    ctx.onClose(() => auth.devIdentityProvider?.close())
  }
  return { secureFrameUrl: secure.url, mailCatcherPort: auth.mailCatcher?.port, devIdentityProviderUrl: auth.devIdentityProvider?.issuer }
}
