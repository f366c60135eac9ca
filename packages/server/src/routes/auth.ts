import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { App } from '../app.js'
import type { ServerContext } from '../context.js'
import {
  approveDevice,
  deviceApprovalStatus,
  deviceApprovalValid,
  startEmailLogin,
  startEmailUpdate,
  verifyEmailLogin,
  verifyEmailUpdatePrimary,
  verifyEmailUpdateSecondary,
} from '../auth/email.js'
import { farcasterStatus, startFarcaster } from '../auth/farcaster.js'
import { MailNotConfigured } from '../auth/mail.js'
import { esc } from '../auth/secureOrigin.js'
import { authenticate, refreshSession, revokeSession } from '../auth/sessions.js'
import { completeSocial, startSocial } from '../auth/social.js'
import { AuthError, authOf, type Auth } from '../auth/state.js'
import { addDeviceShare, createWallet, setPreferredAccountType, userInfo, walletMaterial } from '../auth/wallet.js'
import { registerDevAuthRoutes } from '../dev/routes.js'
import { CommonQuery, errorResponses } from '../schemas.js'

/**
 * The embedded wallet's auth API (issue 6), called only by the secure frame: requests carrying
 * another Origin are refused (403), and CORS answers name only the secure origin. Routes exist
 * only when config.secureFrame is set. Session routes take `Authorization: Bearer <JWT>`.
 */
const DeviceId = z.string().regex(/^[0-9a-f]{32}$/, 'deviceId must be 32 hex characters')
const Otp = z.string().regex(/^\d{6,8}$/, 'Enter the code from the email')
const Query = z.object(CommonQuery)
const Tokens = z.object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: z.number() }).openapi('AuthTokens')
const Bearer = [{ bearerAuth: [] }]

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } })
const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } })
const responses = <T extends z.ZodType>(schema: T, description: string) => ({
  200: json(schema, description),
  ...errorResponses,
  401: json(z.object({ error: z.string() }), 'Not signed in or session expired'),
  409: json(z.object({ error: z.string() }), 'Conflict'),
  503: json(z.object({ error: z.string() }), 'Not configured'),
})
const post = <B extends z.ZodType, R extends z.ZodType>(path: string, summary: string, schema: B, result: R, secured = false) =>
  createRoute({ method: 'post', path, summary, tags: ['auth'], request: { query: Query, ...body(schema) }, responses: responses(result, 'OK'), ...(secured ? { security: Bearer } : {}) })
const get = <R extends z.ZodType>(path: string, summary: string, result: R) =>
  createRoute({ method: 'get', path, summary, tags: ['auth'], request: { query: Query }, responses: responses(result, 'OK'), security: Bearer })

const routes = {
  emailStart: post(
    '/auth/email/start',
    'CONNECT_EMAIL: mail a login code (VERIFY_OTP) or, for a known wallet on a new device, an approval link (VERIFY_DEVICE)',
    z.object({ email: z.string().max(320), deviceId: DeviceId }),
    z.object({ action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE']), challengeId: z.string().optional(), approvalId: z.string().optional() }),
  ),
  emailVerify: post('/auth/email/verify', 'CONNECT_OTP: check the code and sign the device in', z.object({ challengeId: z.string().max(64), otp: Otp, deviceId: DeviceId }), Tokens),
  deviceStatus: post(
    '/auth/device/status',
    'CONNECT_DEVICE polls this until the approval link was used (the login code is mailed then)',
    z.object({ approvalId: z.string().max(64), deviceId: DeviceId }),
    z.object({ approved: z.boolean(), challengeId: z.string().optional() }),
  ),
  refresh: post('/auth/session/refresh', 'Rotate the refresh token', z.object({ refreshToken: z.string().max(200), deviceId: DeviceId }), Tokens),
  signOut: post('/auth/session/signout', 'SIGN_OUT: revoke the session', z.object({}), z.object({}), true),
  me: get('/auth/me', 'The signed-in user', z.object({ email: z.string().nullable(), userName: z.string().optional(), socialProvider: z.string().optional(), preferredAccountType: z.enum(['eoa', 'smartAccount']) })),
  wallet: get(
    '/auth/wallet',
    "The server's share for this device (or, once after approval, the recovery pair), the secret hash and addresses",
    z.object({
      wallet: z
        .object({ secretHash: z.string(), addresses: z.record(z.string(), z.string()), authShare: z.string().optional(), recoveryShares: z.array(z.string()).optional() })
        .nullable(),
    }),
  ),
  createWallet: post(
    '/auth/wallet',
    'The first device stores its auth share, the recovery pair, the secret hash and the addresses',
    z.object({ secretHash: z.string(), addresses: z.record(z.string(), z.string()), authShare: z.string(), recoveryShares: z.array(z.string()) }),
    z.object({}),
    true,
  ),
  deviceShare: post('/auth/wallet/device-share', "An approved new device stores its 2-of-2's auth share", z.object({ authShare: z.string() }), z.object({}), true),
  accountType: post('/auth/account-type', 'SET_PREFERRED_ACCOUNT: store the preferred account type', z.object({ type: z.enum(['eoa', 'smartAccount']) }), z.object({ type: z.enum(['eoa', 'smartAccount']) }), true),
  updateEmail: post('/auth/email/update', 'UPDATE_EMAIL: start a change of email', z.object({ email: z.string().max(320) }), z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }), true),
  updatePrimary: post('/auth/email/update/primary', 'UPDATE_EMAIL_PRIMARY_OTP: the code sent to the current email', z.object({ otp: Otp }), z.object({}), true),
  updateSecondary: post('/auth/email/update/secondary', 'UPDATE_EMAIL_SECONDARY_OTP: the code sent to the new email', z.object({ otp: Otp }), z.object({ newEmail: z.string() }), true),
  socialStart: post(
    '/auth/social/start',
    'GET_SOCIAL_REDIRECT_URI: the provider authorize URL (code + PKCE + state + nonce)',
    z.object({ provider: z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord']), deviceId: DeviceId, hostOrigin: z.string().max(300) }),
    z.object({ uri: z.string(), binding: z.string() }),
  ),
  socialComplete: post('/auth/social/complete', 'CONNECT_SOCIAL: redeem the callback URL', z.object({ uri: z.string().max(4000), binding: z.string().max(100), deviceId: DeviceId }), Tokens),
  farcasterStart: post('/auth/farcaster/start', 'GET_FARCASTER_URI: open a relay channel (the dev stand-in relay only)', z.object({ deviceId: DeviceId }), z.object({ url: z.string(), channelToken: z.string(), binding: z.string() })),
  farcasterStatus: post(
    '/auth/farcaster/status',
    'CONNECT_FARCASTER polls this until the channel was approved',
    z.object({ channelToken: z.string().max(100), binding: z.string().max(100), deviceId: DeviceId }),
    z.object({ state: z.enum(['pending', 'completed']), accessToken: z.string().optional(), refreshToken: z.string().optional(), expiresIn: z.number().optional() }),
  ),
}

function clientIp(c: Context): string {
  try {
    return getConnInfo(c as never).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

export function register(app: App, ctx: ServerContext) {
  if (!ctx.config.secureFrame) return
  const auth = (): Auth => authOf(ctx)!
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })

  // Only the secure frame calls these (browsers always send Origin on these requests).
  app.use('/auth/*', async (c, next) => {
    const origin = c.req.header('origin')
    const secure = auth().secureFrameUrl
    const pageOfOurOwn = c.req.path === '/auth/device/approve' && (origin === 'null' || origin === new URL(ctx.config.publicUrl).origin)
    if (origin && origin !== secure && !pageOfOurOwn) return c.json({ error: 'Forbidden origin' }, 403)
    await next()
    if (secure) c.res.headers.set('access-control-allow-origin', secure)
    c.res.headers.set('cache-control', 'no-store')
  })

  const fail = (c: Context, error: unknown) => {
    if (error instanceof AuthError) return c.json({ error: error.message }, error.status)
    if (error instanceof MailNotConfigured) return c.json({ error: error.message }, 503)
    throw error
  }
  // Wraps a handler: AuthError → its status; the JSON result otherwise.
  const run = async (c: Context, fn: () => Promise<object>) => {
    try {
      return c.json(await fn(), 200)
    } catch (error) {
      return fail(c, error)
    }
  }
  const session = (c: Context) => authenticate(auth(), c.req.header('authorization'), c.get('projectId') as string)
  const pid = (c: Context) => c.get('projectId') as string

  app.openapi(routes.emailStart, (c) => {
    const b = c.req.valid('json')
    return run(c, () => startEmailLogin(auth(), { projectId: pid(c), email: b.email, deviceId: b.deviceId, ip: clientIp(c), apiUrl: ctx.config.publicUrl })) as never
  })
  app.openapi(routes.emailVerify, (c) => {
    const b = c.req.valid('json')
    return run(c, () => verifyEmailLogin(auth(), { challengeId: b.challengeId, otp: b.otp, deviceId: b.deviceId, projectId: pid(c) })) as never
  })
  app.openapi(routes.deviceStatus, (c) => {
    const b = c.req.valid('json')
    return run(c, () => deviceApprovalStatus(auth(), b.approvalId, b.deviceId)) as never
  })
  app.openapi(routes.refresh, (c) => {
    const b = c.req.valid('json')
    return run(c, () => refreshSession(auth(), b.refreshToken, b.deviceId, pid(c))) as never
  })
  app.openapi(routes.signOut, (c) =>
    run(c, async () => {
      await revokeSession(auth(), (await session(c)).sessionId)
      return {}
    }) as never,
  )
  app.openapi(routes.me, (c) => run(c, async () => userInfo(auth(), await session(c))) as never)
  app.openapi(routes.wallet, (c) => run(c, async () => walletMaterial(auth(), await session(c))) as never)
  app.openapi(routes.createWallet, (c) => {
    const b = c.req.valid('json')
    return run(c, async () => createWallet(auth(), await session(c), b)) as never
  })
  app.openapi(routes.deviceShare, (c) => {
    const b = c.req.valid('json')
    return run(c, async () => addDeviceShare(auth(), await session(c), b)) as never
  })
  app.openapi(routes.accountType, (c) => {
    const b = c.req.valid('json')
    return run(c, async () => setPreferredAccountType(auth(), await session(c), b.type)) as never
  })
  app.openapi(routes.updateEmail, (c) => {
    const b = c.req.valid('json')
    return run(c, async () => startEmailUpdate(auth(), await session(c), b.email, clientIp(c))) as never
  })
  app.openapi(routes.updatePrimary, (c) => {
    const b = c.req.valid('json')
    return run(c, async () => verifyEmailUpdatePrimary(auth(), await session(c), b.otp)) as never
  })
  app.openapi(routes.updateSecondary, (c) => {
    const b = c.req.valid('json')
    return run(c, async () => verifyEmailUpdateSecondary(auth(), await session(c), b.otp)) as never
  })
  app.openapi(routes.socialStart, (c) => {
    const b = c.req.valid('json')
    return run(c, () => startSocial(auth(), { projectId: pid(c), provider: b.provider, deviceId: b.deviceId, hostOrigin: b.hostOrigin })) as never
  })
  app.openapi(routes.socialComplete, (c) => {
    const b = c.req.valid('json')
    return run(c, () => completeSocial(auth(), { projectId: pid(c), uri: b.uri, binding: b.binding, deviceId: b.deviceId })) as never
  })
  app.openapi(routes.farcasterStart, (c) => {
    const b = c.req.valid('json')
    return run(c, () => startFarcaster(auth(), { projectId: pid(c), deviceId: b.deviceId, apiUrl: ctx.config.publicUrl })) as never
  })
  app.openapi(routes.farcasterStatus, (c) => {
    const b = c.req.valid('json')
    return run(c, () => farcasterStatus(auth(), { projectId: pid(c), channelToken: b.channelToken, binding: b.binding, deviceId: b.deviceId })) as never
  })

  // The link in the device approval mail: a page with a button (mail scanners that prefetch
  // links must not approve), whose POST approves the device and mails the login code.
  const page = (title: string, inner: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font:15px system-ui,sans-serif;background:#f4f4f5;color:#18181b;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;padding:28px;border-radius:16px;box-shadow:0 8px 30px #0002;max-width:360px}h1{font-size:20px;margin:0 0 8px}button{margin-top:16px;padding:10px 18px;border:0;border-radius:10px;background:#2563eb;color:#fff;font:inherit;cursor:pointer}</style></head><body><main>${inner}</main></body></html>`
  const pageHeaders = { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'", 'cache-control': 'no-store' }
  app.get('/auth/device/approve', async (c) => {
    const token = c.req.query('token') ?? ''
    if (!(await deviceApprovalValid(auth(), token)))
      return c.html(page('Link expired', '<h1>This link expired or was used</h1><p>Start the sign-in again on the device you want to use.</p>'), 400, pageHeaders)
    return c.html(
      page(
        'Approve this device',
        `<h1>Approve a new device?</h1><p>Someone is signing in to your Portico wallet on a new device or site. Approve only if it is you.</p>
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
    return c.html(page('Device approved', '<h1>Device approved</h1><p>Go back to the site: we sent you a code to finish signing in.</p>'), 200, pageHeaders)
  })

  if (ctx.config.devRoutes) registerDevAuthRoutes(app, ctx, auth)
}
