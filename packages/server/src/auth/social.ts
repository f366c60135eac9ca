import * as oidc from 'openid-client'
import { ErrorText, OAuthSocialProviders, ProviderErrorText, originAllowed } from '@portico/core/spec'
import type { SocialProviderConfig } from '../config.js'
import { open, randomToken, seal, sha256 } from './crypto.js'
import type { DeviceProof } from './dpop.js'
import { createSession, type LoginOrigin, type Tokens } from './sessions.js'
import { AuthError, type Auth } from './state.js'
import { userForIdentity } from './users.js'

export const SOCIAL_PROVIDERS = OAuthSocialProviders
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/**
 * Where each provider's OAuth endpoints are (operators add client ids in config.socialProviders).
 * google and apple speak OpenID Connect (discovery); the others are plain OAuth 2 with a user endpoint.
 */
export const PROVIDER_PRESETS: Record<SocialProvider, Omit<SocialProviderConfig, 'clientId'>> = {
  google: { issuer: 'https://accounts.google.com', scope: 'openid email profile' },
  apple: { issuer: 'https://appleid.apple.com', scope: 'openid email name' },
  github: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    scope: 'read:user user:email',
  },
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    scope: 'identify email',
  },
  x: {
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userinfoEndpoint: 'https://api.x.com/2/users/me',
    scope: 'users.read tweet.read',
  },
  facebook: {
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoEndpoint: 'https://graph.facebook.com/me?fields=id,name,email',
    scope: 'email public_profile',
  },
}

const configurations = new WeakMap<Auth, Map<string, Promise<oidc.Configuration>>>()

/** The provider's settings: config.socialProviders, else the dev identity provider standing in. */
export function providerSettings(auth: Auth, provider: SocialProvider): SocialProviderConfig | undefined {
  const configured = auth.ctx.config.socialProviders?.[provider]
  if (configured) return { ...PROVIDER_PRESETS[provider], ...configured }
  const dev = auth.devIdentityProvider
  if (dev && dev.standsInFor.includes(provider))
    return { issuer: dev.issuer, clientId: dev.clientId, clientSecret: dev.clientSecret, scope: 'openid email profile', allowHttp: true }
  return undefined
}

async function configuration(auth: Auth, provider: SocialProvider): Promise<{ config: oidc.Configuration; settings: SocialProviderConfig }> {
  const settings = providerSettings(auth, provider)
  if (!settings) throw new AuthError(400, `Sign-in with ${provider} is not configured on this server`)
  let cache = configurations.get(auth)
  if (!cache) configurations.set(auth, (cache = new Map()))
  const key = `${provider}:${settings.issuer ?? settings.authorizationEndpoint}:${settings.clientId}`
  let pending = cache.get(key)
  if (!pending) {
    const clientAuth = settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None()
    pending = settings.issuer
      ? oidc.discovery(
          new URL(settings.issuer),
          settings.clientId,
          undefined,
          clientAuth,
          settings.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
      : Promise.resolve(
          new oidc.Configuration(
            {
              issuer: new URL(settings.authorizationEndpoint!).origin,
              authorization_endpoint: settings.authorizationEndpoint,
              token_endpoint: settings.tokenEndpoint,
              userinfo_endpoint: settings.userinfoEndpoint,
            },
            settings.clientId,
            undefined,
            clientAuth,
          ),
        )
    pending.catch(() => cache!.delete(key))
    cache.set(key, pending)
  }
  return { config: await pending, settings }
}

export function callbackUrl(auth: Auth) {
  if (!auth.secureFrameUrl) throw new AuthError(503, 'The secure frame is not running')
  return `${auth.secureFrameUrl}/auth/social/callback`
}

/**
 * GET_SOCIAL_REDIRECT_URI: the provider's authorize URL with state, nonce and a PKCE challenge.
 * The flow is bound to the device key that asked (jkt) and to a secret `binding` only the frame
 * keeps; hostOrigin is the page the callback tells that the sign-in is done (nothing more).
 */
export async function startSocial(auth: Auth, opts: { projectId: string; provider: unknown; device: DeviceProof; hostOrigin: unknown; origin?: LoginOrigin }) {
  const provider = opts.provider as SocialProvider
  if (!SOCIAL_PROVIDERS.includes(provider)) throw new AuthError(400, 'Unknown social provider')
  const project = await auth.ctx.projects(opts.projectId)
  const hostOrigin = typeof opts.hostOrigin === 'string' ? opts.hostOrigin : ''
  if (!project || !originAllowed(hostOrigin, project.allowedOrigins)) throw new AuthError(403, ProviderErrorText.originNotAllowed)
  const { config, settings } = await configuration(auth, provider)
  const state = oidc.randomState()
  const nonce = oidc.randomNonce()
  const verifier = oidc.randomPKCECodeVerifier()
  const binding = randomToken()
  const now = auth.settings.now()
  await auth.ctx.db.query(
    `insert into auth_social_states (state, provider, project_id, host_origin, device_id, binding_hash, nonce, verifier_ciphertext, expires_at, created_at, jkt, user_agent, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      state,
      provider,
      opts.projectId,
      hostOrigin,
      opts.device.deviceId,
      sha256(binding),
      nonce,
      seal(auth.secrets.shareKey, verifier, `pkce:${state}`),
      new Date(now + auth.settings.socialStateTtlMs),
      new Date(now),
      opts.device.jkt,
      opts.origin?.userAgent?.slice(0, 400) ?? null,
      opts.origin?.ip ?? null,
    ],
  )
  const params: Record<string, string> = {
    redirect_uri: callbackUrl(auth),
    scope: settings.scope ?? 'openid email profile',
    response_type: 'code',
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }
  if (settings.issuer) params.nonce = nonce
  return { uri: oidc.buildAuthorizationUrl(config, params).href, binding }
}

/**
 * The OAuth redirect URI, on the secure origin: the SERVER redeems the code here, once (PKCE,
 * state, nonce), and keeps the result for the device key that started the sign-in. The page
 * then tells the host only that the sign-in is done; code and state never reach the host page,
 * and the frame fetches the result with a proof by its key (completeSocial).
 */
export async function finishSocialCallback(auth: Auth, query: URLSearchParams): Promise<{ targetOrigin?: string; status: 'done' | 'error' }> {
  // The redirect URI as registered (a proxy in front may have changed what this process sees).
  const callback = new URL(`${callbackUrl(auth)}?${query}`)
  const state = callback.searchParams.get('state') ?? ''
  if (!state) return { status: 'error' }
  const now = new Date(auth.settings.now())
  const [row] = await auth.ctx.db.query<{ state: string; provider: SocialProvider; host_origin: string; nonce: string; verifier_ciphertext: string }>(
    `update auth_social_states set redeemed_at = $2 where state = $1 and redeemed_at is null and consumed_at is null and expires_at > $2
     returning state, provider, host_origin, nonce, verifier_ciphertext`,
    [state, now],
  )
  if (!row) return { status: 'error' }
  const fail = async (why: string) => {
    await auth.ctx.db.query('update auth_social_states set result_error = $2 where state = $1', [row.state, why])
    return { targetOrigin: row.host_origin, status: 'error' as const }
  }
  if (callback.searchParams.get('error')) return fail('denied')
  const { config, settings } = await configuration(auth, row.provider)
  let claims: { sub: string; email?: string | null; emailVerified: boolean; username?: string | null }
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: open(auth.secrets.shareKey, row.verifier_ciphertext, `pkce:${row.state}`),
      expectedState: row.state,
      ...(settings.issuer ? { expectedNonce: row.nonce, idTokenExpected: true } : {}),
    })
    const idClaims = tokens.claims()
    const subject = idClaims?.sub
    const info = (await oidc.fetchUserInfo(config, tokens.access_token, subject ?? oidc.skipSubjectCheck)) as Record<string, unknown>
    const data = (info.data as Record<string, unknown> | undefined) ?? info // X wraps the user in data
    const sub = String(subject ?? data.sub ?? data.id ?? '')
    if (!sub) throw new Error('no subject')
    const email = typeof (idClaims?.email ?? data.email) === 'string' ? String(idClaims?.email ?? data.email) : null
    const verified = idClaims?.email_verified ?? data.email_verified ?? data.verified
    claims = {
      sub,
      email,
      // Only an explicit true counts: never link on an unverified email.
      emailVerified: verified === true || verified === 'true',
      username: String(data.preferred_username ?? data.username ?? data.login ?? data.name ?? idClaims?.name ?? '') || null,
    }
  } catch (error) {
    auth.ctx.log('social sign-in failed', row.provider, error instanceof Error ? error.message : error)
    return fail('redeem')
  }
  const user = await userForIdentity(auth.ctx.db, {
    provider: row.provider,
    subject: claims.sub,
    email: claims.email,
    emailVerified: claims.emailVerified,
    username: claims.username,
  })
  await auth.ctx.db.query('update auth_social_states set result_user_id = $2 where state = $1', [row.state, user.id])
  return { targetOrigin: row.host_origin, status: 'done' }
}

/**
 * CONNECT_SOCIAL: the frame that started the sign-in fetches its result, with its binding and a
 * proof by the same device key. Once. The identity provider's sign-in approves this device (it
 * may fetch the recovery material once, within minutes).
 */
export async function completeSocial(auth: Auth, opts: { projectId: string; binding: unknown; device: DeviceProof; origin?: LoginOrigin }): Promise<Tokens> {
  const now = new Date(auth.settings.now())
  const [row] = await auth.ctx.db.query<{
    state: string
    provider: SocialProvider
    project_id: string
    host_origin: string
    jkt: string | null
    result_user_id: string | null
    result_error: string | null
    redeemed_at: unknown
  }>(
    `select state, provider, project_id, host_origin, jkt, result_user_id, result_error, redeemed_at from auth_social_states
     where binding_hash = $1 and consumed_at is null and expires_at > $2`,
    [sha256(String(opts.binding ?? '')), now],
  )
  if (!row || row.project_id !== opts.projectId || row.jkt !== opts.device.jkt) throw new AuthError(400, ErrorText.failedToConnect)
  if (!row.redeemed_at) throw new AuthError(409, 'The sign-in is not finished yet')
  const consumed = await auth.ctx.db.query('update auth_social_states set consumed_at = $2 where state = $1 and consumed_at is null returning state', [
    row.state,
    now,
  ])
  if (!consumed.length || !row.result_user_id || row.result_error) throw new AuthError(400, ErrorText.failedToConnect)
  return createSession(auth, {
    userId: row.result_user_id,
    device: opts.device,
    projectId: opts.projectId,
    method: row.provider,
    recovery: true,
    origin: { ...opts.origin, hostOrigin: row.host_origin },
  })
}
