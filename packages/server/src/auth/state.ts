import type { AuthSettings } from '../config.js'
import type { ServerContext } from '../context.js'
import type { MailCatcher } from '../dev/mailCatcher.js'
import type { DevIdentityProvider } from '../dev/oidcProvider.js'
import { HttpError, type RetryAfter } from '../http/errors.js'
import { createMailer, type Mailer } from './mail.js'
import { loadAuthSecrets, type AuthSecrets, type AuthSecretsSource } from './secrets.js'
import { authSettings } from './settings.js'

/** The embedded wallet's per-server state (no module-level state: one per ServerContext). */
export interface Auth {
  ctx: ServerContext
  settings: AuthSettings
  secrets: AuthSecrets
  /** Where the keys came from (never the data directory). */
  secretsSource: AuthSecretsSource
  mailer: Mailer
  /** Set once the secure origin listens. */
  secureFrameUrl?: string
  mailCatcher?: MailCatcher
  devIdentityProvider?: DevIdentityProvider
}

const states = new WeakMap<ServerContext, Auth>()

/** The auth state of a server whose embedded wallet was started (config.secureFrame), else undefined. */
export function authOf(ctx: ServerContext): Auth | undefined {
  if (!ctx.config.secureFrame) return undefined
  return states.get(ctx)
}

/** Creates the auth state once: loads the keys (outside the data directory, auth/secrets.ts). */
export async function initAuth(ctx: ServerContext): Promise<Auth | undefined> {
  if (!ctx.config.secureFrame) return undefined
  const existing = states.get(ctx)
  if (existing) return existing
  const { secrets, source } = await loadAuthSecrets(ctx.config)
  const created: Auth = {
    ctx,
    settings: authSettings(ctx.config),
    secrets,
    secretsSource: source,
    mailer: createMailer(ctx.config, () => created.mailCatcher?.port, ctx.log),
  }
  states.set(ctx, created)
  return created
}

/** A refusal of the embedded wallet's auth API, answered with its status. */
export class AuthError extends HttpError {
  constructor(status: 400 | 401 | 403 | 404 | 409 | 429 | 503, message: string, options: { code?: string; retry?: RetryAfter } = {}) {
    super(status, message, options)
  }
}
