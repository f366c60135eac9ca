import type { Context } from 'hono'
import type { App, AppEnv } from '../http/app.js'
import { clientIp } from '../clientIp.js'
import type { ServerContext } from '../context.js'
import {
  approveDevice,
  deviceApprovalDetails,
  deviceApprovalStatus,
  startEmailLogin,
  startEmailUpdate,
  verifyEmailLogin,
  verifyEmailUpdatePrimary,
  verifyEmailUpdateSecondary,
} from './email.js'
import { verifyDeviceProof } from './dpop.js'
import { addFactor, listFactors, removeFactor, verifyFactor } from './factors.js'
import { farcasterStatus, startFarcaster } from './farcaster.js'
import { newChallenge } from './proofs.js'
import { esc } from './secureOrigin.js'
import { authenticate, refreshSession, revokeSession, tokenOf, type LoginOrigin } from './sessions.js'
import { completeSocial, startSocial } from './social.js'
import { AuthError, authOf, type Auth } from './state.js'
import { addDeviceShare, createWallet, releaseRecovery, setPreferredAccountType, userInfo, walletMaterial } from './wallet.js'
import { ProviderErrorText, originAllowed } from '@portico/core/spec'
import { registerDevAuthRoutes } from '../dev/routes.js'
import { routes } from './definitions.js'

/**
 * The embedded wallet's auth API, called only by the secure frame. Every call carries a DPoP
 * proof by the frame's device key (auth/dpop.ts); session routes take `Authorization: DPoP
 * <JWT>` with a token bound to that key. Requests from another Origin, or without one, are
 * refused (403): the Origin check only keeps browsers of other sites out, the proofs are what
 * bind everything to the frame's key. CORS answers name only the secure origin. Routes exist
 * only when config.secureFrame is set. See packages/secure-frame/CUSTODY.md. The routes'
 * contract is in definitions.ts.
 */

/** Paths a browser opens from a mail (no frame, no device key). */
const MAIL_PAGES = new Set(['/auth/device/approve'])

export function register(app: App, ctx: ServerContext) {
  if (!ctx.config.secureFrame) return
  const auth = (): Auth => authOf(ctx)!
  app.openAPIRegistry.registerComponent('securitySchemes', 'dpop', {
    type: 'http',
    scheme: 'DPoP',
    description: 'A JWT bound to the device key (cnf.jkt), with a DPoP proof header by that key on every request',
  })

  // Only the secure frame calls these. Browsers always send Origin on these (cross-origin) requests.
  app.use('/auth/*', async (c, next) => {
    const origin = c.req.header('origin')
    const secure = auth().secureFrameUrl
    const pageOfOurOwn = MAIL_PAGES.has(c.req.path) && (origin === undefined || origin === 'null' || origin === new URL(ctx.config.publicUrl).origin)
    if (origin !== secure && !pageOfOurOwn) return c.json({ error: 'Forbidden origin' }, 403)
    await next()
    if (secure) c.res.headers.set('access-control-allow-origin', secure)
    c.res.headers.set('cache-control', 'no-store')
  })

  // Every frame call: a proof by the device key (auth/dpop.ts), checked before any handler runs.
  app.use('/auth/*', async (c, next) => {
    if (MAIL_PAGES.has(c.req.path)) return next()
    const raw = c.req.method === 'GET' ? undefined : await c.req.text()
    const device = await verifyDeviceProof(auth(), {
      proof: c.req.header('dpop'),
      method: c.req.method,
      url: new URL(c.req.path, ctx.config.publicUrl).href,
      body: raw,
      accessToken: tokenOf(c.req.header('authorization')),
    })
    c.set('device', device)
    await next()
  })

  // Refusals (AuthError, MailNotConfigured: HttpError) are answered by the app's error handler.
  const session = (c: Context<AppEnv>) => authenticate(auth(), tokenOf(c.req.header('authorization')), c.var.device, c.var.projectId)
  const origin = (c: Context, hostOrigin?: string | null): LoginOrigin => ({ hostOrigin, userAgent: c.req.header('user-agent') ?? null, ip: clientIp(c) })
  /** The host page the frame sits in, as the frame names it: one of the project's allowed origins. */
  const allowedHost = async (c: Context<AppEnv>, hostOrigin: string | undefined) => {
    if (hostOrigin === undefined) return null
    if (!originAllowed(hostOrigin, c.var.project.allowedOrigins)) throw new AuthError(403, ProviderErrorText.originNotAllowed)
    return hostOrigin
  }

  app.openapi(routes.emailStart, async (c) => {
    const b = c.req.valid('json')
    return c.json(await startEmailLogin(auth(), { projectId: c.var.projectId, email: b.email, deviceId: c.var.device.deviceId, ip: clientIp(c) }), 200)
  })
  app.openapi(routes.emailVerify, async (c) => {
    const b = c.req.valid('json')
    const { device, projectId } = c.var
    const hostOrigin = await allowedHost(c, b.hostOrigin)
    return c.json(
      await verifyEmailLogin(auth(), {
        challengeId: b.challengeId,
        otp: b.otp,
        device,
        projectId,
        origin: origin(c, hostOrigin),
        apiUrl: ctx.config.publicUrl,
      }),
      200,
    )
  })
  app.openapi(routes.deviceStatus, async (c) =>
    c.json(await deviceApprovalStatus(auth(), { approvalId: c.req.valid('json').approvalId, device: c.var.device, projectId: c.var.projectId }), 200),
  )
  app.openapi(routes.refresh, async (c) => c.json(await refreshSession(auth(), c.req.valid('json').refreshToken, c.var.device, c.var.projectId), 200))
  app.openapi(routes.signOut, async (c) => {
    await revokeSession(auth(), (await session(c)).sessionId)
    return c.json({}, 200)
  })
  app.openapi(routes.me, async (c) => c.json(await userInfo(auth(), await session(c)), 200))
  app.openapi(routes.wallet, async (c) => c.json(await walletMaterial(auth(), await session(c)), 200))
  app.openapi(routes.createWallet, async (c) => c.json(await createWallet(auth(), await session(c), c.req.valid('json')), 200))
  app.openapi(routes.recover, async (c) => c.json(await releaseRecovery(auth(), await session(c), c.req.valid('json')), 200))
  app.openapi(routes.deviceShare, async (c) => c.json(await addDeviceShare(auth(), await session(c), c.req.valid('json')), 200))
  app.openapi(routes.challenge, async (c) => c.json(await newChallenge(auth(), await session(c), c.req.valid('json').purpose), 200))
  app.openapi(routes.factors, async (c) => c.json(await listFactors(auth(), await session(c)), 200))
  app.openapi(routes.addFactor, async (c) => c.json(await addFactor(auth(), await session(c), c.req.valid('json')), 200))
  app.openapi(routes.verifyFactor, async (c) => c.json(await verifyFactor(auth(), await session(c), c.req.valid('json')), 200))
  app.openapi(routes.removeFactor, async (c) => c.json(await removeFactor(auth(), await session(c), c.req.valid('json')), 200))
  app.openapi(routes.accountType, async (c) => c.json(await setPreferredAccountType(auth(), await session(c), c.req.valid('json').type), 200))
  app.openapi(routes.updateEmail, async (c) => c.json(await startEmailUpdate(auth(), await session(c), c.req.valid('json').email, clientIp(c)), 200))
  app.openapi(routes.updatePrimary, async (c) => c.json(await verifyEmailUpdatePrimary(auth(), await session(c), c.req.valid('json').otp), 200))
  app.openapi(routes.updateSecondary, async (c) => c.json(await verifyEmailUpdateSecondary(auth(), await session(c), c.req.valid('json').otp), 200))
  app.openapi(routes.socialStart, async (c) => {
    const { provider, hostOrigin } = c.req.valid('json')
    return c.json(await startSocial(auth(), { projectId: c.var.projectId, provider, device: c.var.device, hostOrigin, origin: origin(c) }), 200)
  })
  app.openapi(routes.socialComplete, async (c) =>
    c.json(await completeSocial(auth(), { projectId: c.var.projectId, binding: c.req.valid('json').binding, device: c.var.device, origin: origin(c) }), 200),
  )
  app.openapi(routes.farcasterStart, async (c) =>
    c.json(await startFarcaster(auth(), { projectId: c.var.projectId, device: c.var.device, apiUrl: ctx.config.publicUrl }), 200),
  )
  app.openapi(routes.farcasterStatus, async (c) => {
    const { channelToken, binding, hostOrigin } = c.req.valid('json')
    const from = origin(c, await allowedHost(c, hostOrigin))
    return c.json(await farcasterStatus(auth(), { projectId: c.var.projectId, channelToken, binding, device: c.var.device, origin: from }), 200)
  })

  // The link in the device approval mail: a page that names the request (site, device, browser,
  // place, time) and its match code, with a button (mail scanners that prefetch links must not
  // approve), whose POST approves the device (the waiting sign-in then finishes by itself).
  const page = (title: string, inner: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font:15px system-ui,sans-serif;background:#f4f4f5;color:#18181b;display:grid;place-items:center;min-height:100vh;margin:0;padding:16px;box-sizing:border-box}main{background:#fff;padding:28px;border-radius:16px;box-shadow:0 8px 30px #0002;max-width:420px;width:100%;box-sizing:border-box}h1{font-size:20px;margin:0 0 8px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 14px;margin:16px 0;font-size:14px}dt{color:#71717a}dd{margin:0;overflow-wrap:anywhere}.code{font:600 22px ui-monospace,monospace;letter-spacing:2px;text-align:center;background:#eef2ff;color:#1e3a8a;border-radius:10px;padding:10px;margin:12px 0}.warn{font-size:13px;color:#52525b}button{margin-top:16px;padding:10px 18px;border:0;border-radius:10px;background:#2563eb;color:#fff;font:inherit;cursor:pointer}</style></head><body><main>${inner}</main></body></html>`
  const pageHeaders = {
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'cache-control': 'no-store',
  }
  app.get('/auth/device/approve', async (c) => {
    const token = c.req.query('token') ?? ''
    const details = await deviceApprovalDetails(auth(), token)
    if (!details)
      return c.html(
        page('Link expired', '<h1>This link expired or was used</h1><p>Start the sign-in again on the device you want to use.</p>'),
        400,
        pageHeaders,
      )
    const rows = [
      ['Site', details.site],
      ['Device', details.device],
      ['Browser', details.browser],
      ['Place', details.place],
      ['Time', details.time],
    ]
      .map(([k, v]) => `<dt>${esc(k!)}</dt><dd data-field="${esc(k!.toLowerCase())}">${esc(v!)}</dd>`)
      .join('')
    return c.html(
      page(
        'Approve this device',
        `<h1>Approve a new device?</h1><p>Someone is signing in to your Portico wallet on a new device or site:</p><dl>${rows}</dl>
<p>The sign-in window must show this code:</p><p class="code" data-field="code">${esc(details.matchCode)}</p>
<p class="warn">Approve only if this is you and the codes match. A site that asks you to approve a code it shows may be trying to take your wallet.</p>
<form method="post"><input type="hidden" name="token" value="${esc(token)}"><button type="submit">Approve device</button></form>`,
      ),
      200,
      pageHeaders,
    )
  })
  app.post('/auth/device/approve', async (c) => {
    const form = await c.req.parseBody()
    const result = await approveDevice(auth(), String(form.token ?? ''))
    if (result !== 'approved') return c.html(page('Link expired', '<h1>This link expired or was used</h1>'), 400, pageHeaders)
    return c.html(page('Device approved', '<h1>Device approved</h1><p>Go back to the site: the sign-in finishes there by itself.</p>'), 200, pageHeaders)
  })

  if (ctx.config.devRoutes) registerDevAuthRoutes(app, ctx, auth)
}
