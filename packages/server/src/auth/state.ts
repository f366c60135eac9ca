import type { AuthSettings } from '../config.js'
import type { ServerContext } from '../context.js'
import type { MailCatcher } from '../dev/mailCatcher.js'
import type { DevIdentityProvider } from '../dev/oidcProvider.js'
import { createMailer, type Mailer } from './mail.js'
import { loadAuthSecrets, type AuthSecrets } from './secrets.js'
import { authSettings } from './settings.js'

/** The embedded wallet's per-server state (no module-level state: one per ServerContext). */
export interface Auth {
  ctx: ServerContext
  settings: AuthSettings
  secrets: AuthSecrets
  mailer: Mailer
  /** Set once the secure origin listens. */
  secureFrameUrl?: string
  mailCatcher?: MailCatcher
  devIdentityProvider?: DevIdentityProvider
}

const states = new WeakMap<ServerContext, Auth>()

/** The auth state of a server with the embedded wallet on (config.secureFrame), else undefined. */
export function authOf(ctx: ServerContext): Auth | undefined {
  if (!ctx.config.secureFrame) return undefined
  let auth = states.get(ctx)
  if (!auth) {
    const created: Auth = {
      ctx,
      settings: authSettings(ctx.config),
      secrets: loadAuthSecrets(ctx.config),
      mailer: createMailer(ctx.config, () => created.mailCatcher?.port),
    }
    auth = created
    states.set(ctx, auth)
  }
  return auth
}

export class AuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 503,
    message: string,
  ) {
    super(message)
  }
}
