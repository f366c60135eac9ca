import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { App, AppEnv } from '../http/app.js'
import { errorResponses, json, jsonBody } from '../http/responses.js'
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
import { ErrorText, OAuthSocialProviders, OTP_PATTERN, ProviderErrorText, originAllowed } from '@portico/core/spec'
import { registerDevAuthRoutes } from '../dev/routes.js'
import { CommonQuery } from '../schemas.js'

/**
 * The embedded wallet's auth API, called only by the secure frame. Every call carries a DPoP
 * proof by the frame's device key (auth/dpop.ts); session routes take `Authorization: DPoP
 * <JWT>` with a token bound to that key. Requests from another Origin, or without one, are
 * refused (403): the Origin check only keeps browsers of other sites out, the proofs are what
 * bind everything to the frame's key. CORS answers name only the secure origin. Routes exist
 * only when config.secureFrame is set. See packages/secure-frame/CUSTODY.md.
 */
const Otp = z.string().regex(OTP_PATTERN, ErrorText.codeRequired)
const Query = z.object(CommonQuery)
const Tokens = z.object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: z.number() }).openapi('AuthTokens')
const Secured = [{ dpop: [] }]
const KeyProof = z.object({ challenge: z.string().max(64), signature: z.string().max(200) })
const FactorProof = z.object({ id: z.string().max(64), challenge: z.string().max(64), proof: z.string().max(100) })
const FactorKind = z.enum(['passkey', 'password'])
const Factors = z
  .object({
    protected: z.boolean(),
    factors: z.array(
      z.object({
        id: z.string(),
        kind: FactorKind,
        createdAt: z.string(),
        lastUsedAt: z.string().nullable(),
        credentialId: z.string().optional(),
        prfSalt: z.string().optional(),
        kdf: z.record(z.string(), z.unknown()).optional(),
      }),
    ),
  })
  .openapi('AuthFactors')

const responses = <T extends z.ZodType>(schema: T, description: string) => ({
  200: json(schema, description),
  ...errorResponses,
  401: json(z.object({ error: z.string() }), 'No valid device proof, not signed in, or session expired'),
  409: json(z.object({ error: z.string() }), 'Conflict'),
  503: json(z.object({ error: z.string() }), 'Not configured'),
})
const post = <B extends z.ZodType, R extends z.ZodType>(path: string, summary: string, schema: B, result: R, secured = false) =>
  createRoute({ method: 'post', path, summary, tags: ['auth'], request: { query: Query, body: jsonBody(schema) }, responses: responses(result, 'OK'), ...(secured ? { security: Secured } : {}) })
const get = <R extends z.ZodType>(path: string, summary: string, result: R) =>
  createRoute({ method: 'get', path, summary, tags: ['auth'], request: { query: Query }, responses: responses(result, 'OK'), security: Secured })

const routes = {
  emailStart: post(
    '/auth/email/start',
    'CONNECT_EMAIL: mail a login code (VERIFY_OTP); the same answer whether or not the email has a wallet',
    z.object({ email: z.string().max(320), hostOrigin: z.string().max(300).optional() }),
    z.object({ action: z.literal('VERIFY_OTP'), challengeId: z.string() }),
  ),
  emailVerify: post(
    '/auth/email/verify',
    'CONNECT_OTP: check the code and sign the device key in, or (a known wallet on a new device) mail an approval link naming the request and a match code (VERIFY_DEVICE)',
    z.object({ challengeId: z.string().max(64), otp: Otp, hostOrigin: z.string().max(300).optional() }),
    z.union([Tokens, z.object({ action: z.literal('VERIFY_DEVICE'), approvalId: z.string(), matchCode: z.string() })]),
  ),
  deviceStatus: post(
    '/auth/device/status',
    "CONNECT_DEVICE polls this (by the device key that verified the code) until the approval link was used; then, once, the session",
    z.object({ approvalId: z.string().max(64) }),
    z.union([z.object({ approved: z.literal(false) }), Tokens.extend({ approved: z.literal(true) })]),
  ),
  refresh: post('/auth/session/refresh', "Rotate the refresh token (only the session's device key may)", z.object({ refreshToken: z.string().max(200) }), Tokens),
  signOut: post('/auth/session/signout', 'SIGN_OUT: revoke the session', z.object({}), z.object({}), true),
  me: get(
    '/auth/me',
    'The signed-in user',
    z.object({
      email: z.string().nullable(),
      userName: z.string().optional(),
      socialProvider: z.string().optional(),
      preferredAccountType: z.enum(['eoa', 'smartAccount']),
      protected: z.boolean(),
    }),
  ),
  wallet: get(
    '/auth/wallet',
    "The secret hash and addresses, this device's auth share encrypted to its key, or whether this login may recover",
    z.object({
      wallet: z
        .object({
          secretHash: z.string(),
          addresses: z.record(z.string(), z.string()),
          authShare: z.string().optional(),
          recovery: z
            .object({
              available: z.boolean(),
              protected: z.boolean(),
              factors: z.array(z.object({ id: z.string(), kind: FactorKind, credentialId: z.string().optional(), prfSalt: z.string().optional(), kdf: z.record(z.string(), z.unknown()).optional() })),
              reason: z.string().optional(),
            })
            .optional(),
        })
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
  recover: post(
    '/auth/wallet/recover',
    'A new device: the recovery material, once per login and within minutes of it, encrypted to the device key (a protected wallet needs a factor proof)',
    z.object({ factor: FactorProof.optional() }),
    z.object({ recovery: z.string() }),
    true,
  ),
  deviceShare: post(
    '/auth/wallet/device-share',
    "A new device that rebuilt the key stores its 2-of-2's auth share (with a proof by the wallet key)",
    z.object({ authShare: z.string(), keyProof: KeyProof }),
    z.object({}),
    true,
  ),
  challenge: post('/auth/challenge', 'A single-use challenge for a key proof or a factor proof', z.object({ purpose: z.enum(['key', 'factor']) }), z.object({ challenge: z.string(), expiresIn: z.number() }), true),
  factors: get('/auth/factors', 'The passkeys and passwords that protect the wallet', Factors),
  addFactor: post(
    '/auth/factors',
    'Add a passkey (PRF) or password; the first one comes with a new recovery split whose first half the frame wrapped',
    z.object({
      kind: FactorKind,
      credentialId: z.string().max(1400).optional(),
      prfSalt: z.string().max(64).optional(),
      kdf: z.record(z.string(), z.unknown()).optional(),
      authKey: z.string().max(64),
      wrappedKey: z.string().max(400),
      recovery: z.object({ wrappedShare: z.string().max(400), serverShare: z.string().max(200) }).optional(),
      keyProof: KeyProof,
    }),
    Factors,
    true,
  ),
  verifyFactor: post('/auth/factors/verify', 'A factor proof (fresh proof for email and factor changes)', z.object({ factor: FactorProof }), z.object({ verifiedAt: z.string() }), true),
  removeFactor: post(
    '/auth/factors/remove',
    'Remove a factor (fresh factor proof and key proof; the last one returns the recovery to the server-held pair)',
    z.object({ id: z.string().max(64), keyProof: KeyProof, recovery: z.array(z.string().max(200)).optional() }),
    Factors,
    true,
  ),
  accountType: post('/auth/account-type', 'SET_PREFERRED_ACCOUNT: store the preferred account type', z.object({ type: z.enum(['eoa', 'smartAccount']) }), z.object({ type: z.enum(['eoa', 'smartAccount']) }), true),
  updateEmail: post(
    '/auth/email/update',
    'UPDATE_EMAIL: start a change of email (needs fresh proof: a code to the current email, a passkey/password proof, or a fresh sign-in)',
    z.object({ email: z.string().max(320) }),
    z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
    true,
  ),
  updatePrimary: post('/auth/email/update/primary', 'UPDATE_EMAIL_PRIMARY_OTP: the code sent to the current email', z.object({ otp: Otp }), z.object({}), true),
  updateSecondary: post('/auth/email/update/secondary', 'UPDATE_EMAIL_SECONDARY_OTP: the code sent to the new email', z.object({ otp: Otp }), z.object({ newEmail: z.string() }), true),
  socialStart: post(
    '/auth/social/start',
    'GET_SOCIAL_REDIRECT_URI: the provider authorize URL (code + PKCE + state + nonce), bound to the device key',
    z.object({ provider: z.enum(OAuthSocialProviders), hostOrigin: z.string().max(300) }),
    z.object({ uri: z.string(), binding: z.string() }),
  ),
  socialComplete: post(
    '/auth/social/complete',
    'CONNECT_SOCIAL: the result the server redeemed at the callback, for the device key that started the sign-in',
    z.object({ binding: z.string().max(100) }),
    Tokens,
  ),
  farcasterStart: post('/auth/farcaster/start', 'GET_FARCASTER_URI: open a relay channel (the dev stand-in relay only)', z.object({}), z.object({ url: z.string(), channelToken: z.string(), binding: z.string() })),
  farcasterStatus: post(
    '/auth/farcaster/status',
    'CONNECT_FARCASTER polls this until the channel was approved',
    z.object({ channelToken: z.string().max(100), binding: z.string().max(100), hostOrigin: z.string().max(300).optional() }),
    z.object({ state: z.enum(['pending', 'completed']), accessToken: z.string().optional(), refreshToken: z.string().optional(), expiresIn: z.number().optional() }),
  ),
}

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
      await verifyEmailLogin(auth(), { challengeId: b.challengeId, otp: b.otp, device, projectId, origin: origin(c, hostOrigin), apiUrl: ctx.config.publicUrl }),
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
  const pageHeaders = { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'", 'cache-control': 'no-store' }
  app.get('/auth/device/approve', async (c) => {
    const token = c.req.query('token') ?? ''
    const details = await deviceApprovalDetails(auth(), token)
    if (!details)
      return c.html(page('Link expired', '<h1>This link expired or was used</h1><p>Start the sign-in again on the device you want to use.</p>'), 400, pageHeaders)
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
