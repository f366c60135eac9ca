import { ProviderErrorText, originAllowed } from '@portico/core/spec'
import type { Context, MiddlewareHandler } from 'hono'
import type { ServerContext } from './context.js'

/** Reads any page may make: public data, no project, nothing about a visitor. Answered with `*`. */
const PUBLIC_READS = [
  /^\/health$/,
  /^\/openapi\.json$/,
  /^\/\.well-known\/jwks\.json$/,
  /^\/getWallets$/,
  /^\/projects\/v1\/origins$/,
  /^\/icons\//,
  /^\/fonts\//,
]
/** The embedded wallet's secure frame calls these from its own origin. */
const FRAME_PATHS = [/^\/auth\//, /^\/v1\/rpc\//, /^\/v1\/bip122\//, /^\/v1\/(smart-accounts|bundler\/|paymaster\/)/]
/** Pages and sockets of the server itself, or development tools: no cross-origin reads at all. */
const NO_CORS = [/^\/sandbox\//, /^\/relay/, /^\/dev\//]

/** SPEC §8: maps to APKT002 in the client. */
const ORIGIN_NOT_ALLOWED = ProviderErrorText.originNotAllowed

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined
  } catch {
    return undefined
  }
}

/**
 * CORS for the API. A cross-origin page may call a project's routes only from one of the
 * project's allowed origins (exact, or `scheme://host:*`, core's originAllowed); the secure
 * frame's origin may call its own routes (/auth, /v1/rpc). Anything else gets no grant: its
 * preflight is refused, and so is a request that skipped one (a "simple" POST), before any route
 * runs. The public reads answer `*`. No response ever carries Access-Control-Allow-Credentials:
 * the API takes bearer tokens, never cookies.
 */
export function corsPolicy(ctx: ServerContext, secureOrigin: () => string | undefined): MiddlewareHandler {
  async function allowed(c: Context, origin: string, path: string): Promise<boolean> {
    if (origin === originOf(ctx.config.publicUrl)) return true
    const secure = originOf(secureOrigin())
    if (secure && origin === secure && FRAME_PATHS.some((p) => p.test(path))) return true
    const projectId = c.req.query('projectId')
    if (!projectId || projectId.length > 128) return false
    const project = await ctx.projects(projectId)
    return Boolean(project && originAllowed(origin, project.allowedOrigins))
  }

  return async (c, next) => {
    const path = c.req.path
    const origin = c.req.header('origin')
    const preflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined

    if (PUBLIC_READS.some((p) => p.test(path))) {
      if (preflight) return c.body(null, 204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET', 'access-control-max-age': '600' })
      await next()
      c.res.headers.set('access-control-allow-origin', '*')
      return
    }
    if (NO_CORS.some((p) => p.test(path))) {
      if (preflight) return c.json({ error: ORIGIN_NOT_ALLOWED }, 403)
      return next()
    }

    if (!origin) return next() // not a cross-origin browser request
    if (!(await allowed(c, origin, path))) {
      c.header('vary', 'Origin')
      if (preflight) return c.json({ error: ORIGIN_NOT_ALLOWED }, 403)
      // The auth routes answer foreign origins themselves (and let the server's own approval page through).
      if (FRAME_PATHS[0]!.test(path)) return next()
      return c.json({ error: ORIGIN_NOT_ALLOWED }, 403)
    }
    const grant = { 'access-control-allow-origin': origin, vary: 'Origin' }
    if (preflight)
      return c.body(null, 204, {
        ...grant,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': c.req.header('access-control-request-headers') ?? 'content-type, authorization',
        'access-control-max-age': '600',
      })
    await next()
    for (const [name, value] of Object.entries(grant)) c.res.headers.set(name, value)
  }
}
