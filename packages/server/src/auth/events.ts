import type { ServerContext } from '../context.js'
import { maskEmail } from '../http/logger.js'

/**
 * Auth event lines (pino, `event: auth.<name>`): logins, codes sent, failures. Never a code, a token,
 * a secret or a full email: an email goes through maskEmail (a short hash @ its domain); users by
 * their internal id.
 */
export function authEvent(ctx: ServerContext, name: string, fields: { email?: string; [key: string]: unknown }, level: 'info' | 'warn' = 'info') {
  const { email, ...rest } = fields
  ctx.logger?.[level]({ event: `auth.${name}`, ...rest, ...(email ? { email: maskEmail(email) } : {}) }, `auth: ${name.replace(/_/g, ' ')}`)
}
