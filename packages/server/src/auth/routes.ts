import type { Context } from 'hono'
import type { App, AppEnv } from '../http/app.js'
import { clientIp } from '../clientIp.js'
import type { ServerContext } from '../context.js'
import { deviceApprovalStatus } from './deviceApproval.js'
import { startEmailLogin, verifyEmailLogin } from './email.js'
import { startEmailUpdate, verifyEmailUpdatePrimary, verifyEmailUpdateSecondary } from './emailUpdate.js'
import { verifyDeviceProof } from './dpop.js'
import { addFactor, listFactors, removeFactor, verifyFactor } from './factors.js'
import { farcasterStatus, startFarcaster } from './farcaster.js'
import { newChallenge } from './proofs.js'
import { authenticate, refreshSession, revokeSession, tokenOf, type LoginOrigin } from './sessions.js'
import { completeSocial, startSocial } from './social.js'
import { AuthError, authOf, type Auth } from './state.js'
import { addDeviceShare, createWallet, releaseRecovery, setPreferredAccountType, userInfo, walletMaterial } from './wallet.js'
import { ProviderErrorText, originAllowed } from '@portico/core/spec'
import { registerDevAuthRoutes } from '../dev/routes.js'
import { APPROVAL_PAGE_PATH, registerApprovalPage } from './approvalPage.js'
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
export function register(app: App, ctx: ServerContext) {
  if (!ctx.config.secureFrame) return
  const auth = (): Auth => authOf(ctx)!
  app.openAPIRegistry.registerComponent('securitySchemes', 'dpop', {
    type: 'http',
    scheme: 'DPoP',
    description: 'A JWT bound to the device key (cnf.jkt), with a DPoP proof header by that key on every request',
  })
  registerFrameGuards(app, ctx, auth)
  const frame = frameRequests(auth)
  registerSignInRoutes(app, ctx, frame)
  registerAccountRoutes(app, frame)
  registerSocialRoutes(app, ctx, frame)
  registerApprovalPage(app, auth)
  if (ctx.config.devRoutes) registerDevAuthRoutes(app, ctx, auth)
}

/** Paths a browser opens from a mail (no frame, no device key). */
const MAIL_PAGES = new Set([APPROVAL_PAGE_PATH])

/** Before any handler: the frame's Origin (or our own mail page), then a proof by the device key (auth/dpop.ts). */
function registerFrameGuards(app: App, ctx: ServerContext, auth: () => Auth) {
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
}

/** What the handlers read of a frame's request. Refusals (AuthError, MailNotConfigured: HttpError) are answered by the app's error handler. */
interface FrameRequests {
  auth: () => Auth
  /** The signed-in session of the request's token, bound to its device and project. */
  session(c: Context<AppEnv>): ReturnType<typeof authenticate>
  /** Where a sign-in comes from, as recorded with it. */
  origin(c: Context, hostOrigin?: string | null): LoginOrigin
  /** The host page the frame sits in, as the frame names it: one of the project's allowed origins. */
  allowedHost(c: Context<AppEnv>, hostOrigin: string | undefined): Promise<string | null>
}

function frameRequests(auth: () => Auth): FrameRequests {
  return {
    auth,
    session: (c) => authenticate(auth(), tokenOf(c.req.header('authorization')), c.var.device, c.var.projectId),
    origin: (c, hostOrigin) => ({ hostOrigin, userAgent: c.req.header('user-agent') ?? null, ip: clientIp(c) }),
    async allowedHost(c, hostOrigin) {
      if (hostOrigin === undefined) return null
      if (!originAllowed(hostOrigin, c.var.project.allowedOrigins)) throw new AuthError(403, ProviderErrorText.originNotAllowed)
      return hostOrigin
    },
  }
}

/** Email sign-in, its device approval, and the session's refresh and sign-out. */
function registerSignInRoutes(app: App, ctx: ServerContext, { auth, session, origin, allowedHost }: FrameRequests) {
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
}

/** The signed-in user's account: its info, wallet material and shares, proofs' challenges, factors, account type and email. */
function registerAccountRoutes(app: App, { auth, session }: FrameRequests) {
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
}

/** Social (OAuth) and Farcaster sign-in. */
function registerSocialRoutes(app: App, ctx: ServerContext, { auth, origin, allowedHost }: FrameRequests) {
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
}
