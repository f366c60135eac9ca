import { Alerts } from '@portico/core/spec'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { existsSync, readFileSync } from 'node:fs'
import { join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerContext } from '../context.js'
import { finishSocialCallback } from './social.js'
import type { Auth } from './state.js'

/**
 * The built frame: a packed server carries it in dist/secure-frame (its build copies it there); in
 * the workspace, run from src, it is the secure-frame package's own dist.
 */
function defaultAssetsDir() {
  const packed = fileURLToPath(new URL('../secure-frame', import.meta.url))
  return existsSync(packed) ? packed : fileURLToPath(new URL('../../../secure-frame/dist', import.meta.url))
}
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' }

/** CSP source expressions for a project's allowed origins (exact, or `scheme://host:*`). */
export function cspSources(origins: readonly string[]): string[] {
  return origins.filter((o) => /^https?:\/\/(\*\.)?[a-z0-9.-]+(:(\d{1,5}|\*))?$/i.test(o))
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined
  } catch {
    return undefined
  }
}

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

/**
 * The secure origin: a second listener of the server process that serves only the embedded
 * wallet's frame, its assets, the social popup's loading page and the OAuth callback page. Its
 * pages run no inline script (CSP script-src 'self').
 */
export async function startSecureOrigin(ctx: ServerContext, auth: Auth): Promise<{ url: string; close(): Promise<void> }> {
  const options = ctx.config.secureFrame!
  const assetsDir = options.assetsDir ?? defaultAssetsDir()
  const app = new Hono()

  app.get('/health', (c) => c.json({ ok: true }))

  app.get('/frame', async (c) => {
    const q = c.req.query()
    const project = q.projectId ? await ctx.projects(q.projectId) : null
    const ancestors = project ? cspSources(project.allowedOrigins) : []
    if (!project) return c.text(Alerts.APKT007.message, 403, { ...BASE_HEADERS, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" })
    const apiUrl = ctx.config.publicUrl
    const rpcUrl = originOf(q.rpcUrl) ? q.rpcUrl : undefined
    // The server's own chain endpoints stay on the server (they often carry a provider key): the
    // frame reads those chains through POST <apiUrl>/v1/rpc/{caip2}. Only the host's rpcUrl is its own.
    const connect = new Set([originOf(apiUrl), originOf(rpcUrl)].filter(Boolean) as string[])
    const config = {
      projectId: project.projectId,
      projectName: project.name,
      chainId: q.chainId ?? '1',
      version: q.version ?? '',
      enableLogger: q.enableLogger === 'true',
      enableCloudAuthAccount: q.enableCloudAuthAccount === 'true',
      rpcUrl: rpcUrl ?? '',
      rpcChains: Object.keys(ctx.config.rpcUrls),
      apiUrl,
      secureOrigin: auth.secureFrameUrl,
      allowedOrigins: project.allowedOrigins,
    }
    const csp = [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      `connect-src ${[...connect].join(' ') || "'none'"}`,
      `frame-ancestors ${ancestors.join(' ') || "'none'"}`,
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ')
    return c.html(framePage(config), 200, { ...BASE_HEADERS, 'content-security-policy': csp })
  })

  app.get('/assets/:file', (c) => {
    const file = c.req.param('file')
    const ext = /\.[a-z]+$/.exec(file)?.[0] ?? ''
    const path = normalize(join(assetsDir, file))
    if (!TYPES[ext] || !path.startsWith(assetsDir) || !existsSync(path))
      return c.text(existsSync(assetsDir) ? 'Not Found' : 'The secure frame is not built: npm run build -w @portico/secure-frame', 404)
    return c.body(readFileSync(path), 200, { 'content-type': TYPES[ext]!, 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' })
  })

  // The social popup opens here synchronously on click; the host then sends it to the provider.
  app.get('/social/loading', (c) =>
    c.html(loadingPage(), 200, { ...BASE_HEADERS, 'content-security-policy': "default-src 'none'; style-src 'self'; frame-ancestors 'none'" }),
  )

  // The identity provider redirects here. The server redeems the code itself (social.ts); the
  // page only tells the host page that the sign-in is done (no code, no state).
  app.get('/auth/social/callback', async (c) => {
    const result = await finishSocialCallback(auth, new URL(c.req.url).searchParams)
    const csp = "default-src 'none'; script-src 'self'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    return c.html(callbackPage(result.targetOrigin, result.status), 200, { ...BASE_HEADERS, 'content-security-policy': csp })
  })
  // response_mode=form_post (Apple): the same answer as a cross-site form POST (code, state,
  // id_token, and `user` on the first sign-in). A form of at most 16 KiB, urlencoded only.
  const formLimit = bodyLimit({ maxSize: 16_384, onError: (c) => c.text('Payload Too Large', 413, BASE_HEADERS) })
  app.post('/auth/social/callback', formLimit, async (c) => {
    const csp = "default-src 'none'; script-src 'self'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    const type = c.req.header('content-type') ?? ''
    const body = type.startsWith('application/x-www-form-urlencoded') ? await c.req.text() : ''
    const result = body ? await finishSocialCallback(auth, new URLSearchParams(body)) : { targetOrigin: undefined, status: 'error' as const }
    return c.html(callbackPage(result.targetOrigin, result.status), 200, { ...BASE_HEADERS, 'content-security-policy': csp })
  })

  app.notFound((c) => c.text('Not Found', 404, BASE_HEADERS))

  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: options.host ?? ctx.config.host, port: options.port }, () => resolve(s))
    s.once('error', reject)
  })
  const port = (server.address() as { port: number }).port
  const url = options.publicUrl ?? `http://${options.publicHost ?? options.host ?? ctx.config.host}:${port}`
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

function shell(title: string, body: string, bodyAttrs = '', scripts = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><link rel="stylesheet" href="/assets/frame.css">${scripts}</head><body${bodyAttrs}>${body}</body></html>`
}

function framePage(config: Record<string, unknown>) {
  return shell(
    'Portico secure frame',
    '<main id="portico-frame" class="frame" aria-live="polite"></main>',
    ` data-config="${esc(JSON.stringify(config))}"`,
    '<script type="module" src="/assets/frame.js"></script>',
  )
}

function loadingPage() {
  return shell(
    'Connecting…',
    `<main class="popup"><div class="spinner" role="progressbar" aria-label="Loading"></div><h1>Connecting…</h1><p>Continue in this window to sign in with your account.</p><p class="origin">Portico secure sign-in</p></main>`,
    ' class="popup-body"',
  )
}

function callbackPage(targetOrigin: string | undefined, status: 'done' | 'error') {
  if (!targetOrigin)
    return shell('Sign-in expired', `<main class="popup"><h1>This sign-in expired</h1><p>Close this window and try again.</p></main>`, ' class="popup-body"')
  return shell(
    status === 'done' ? 'Signed in' : 'Sign-in failed',
    `<main class="popup"><div class="spinner" role="progressbar" aria-label="Loading"></div><h1>${status === 'done' ? 'Signing in…' : 'Sign-in failed'}</h1><p id="callback-note">This window closes by itself.</p></main>`,
    ` class="popup-body" data-target-origin="${esc(targetOrigin)}" data-status="${status}"`,
    '<script type="module" src="/assets/callback.js"></script>',
  )
}
