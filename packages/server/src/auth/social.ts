import { createHash } from 'node:crypto'
import { ErrorText, ProviderErrorText, originAllowed } from '@portico/core/spec'
import { open, randomToken, seal, sha256 } from './crypto.js'
import type { DeviceProof } from './dpop.js'
import { authEvent } from './events.js'
import { createSession, type LoginOrigin, type Tokens } from './sessions.js'
import type { SocialProfile } from './socialProfiles.js'
import { SOCIAL_PROVIDERS, type SocialProvider } from './socialProviders.js'
import { projectOffersSocial, providerFor } from './socialAvailability.js'
import { AuthError, type Auth } from './state.js'
import { userForIdentity } from './users.js'

export { SOCIAL_PROVIDERS, type SocialProvider } from './socialProviders.js'

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
  // The project's own list too: a provider it turned off is not offered, so it is not started either.
  if (!projectOffersSocial(project.features, provider)) throw new AuthError(400, `Sign-in with ${provider} is not enabled for this project`)
  const client = providerFor(auth, provider)
  if (!client) throw new AuthError(400, `Sign-in with ${provider} is not configured on this server`)
  const state = randomToken()
  const nonce = randomToken()
  const verifier = randomToken(48)
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
  const uri = new URL(client.authorizationEndpoint)
  const params: Record<string, string> = {
    client_id: client.clientId,
    redirect_uri: callbackUrl(auth),
    scope: client.scope,
    response_type: 'code',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }
  if (client.openId) params.nonce = nonce
  if (client.responseMode) params.response_mode = client.responseMode
  for (const [k, v] of Object.entries(params)) uri.searchParams.set(k, v)
  return { uri: uri.href, binding }
}

/**
 * The OAuth redirect URI, on the secure origin: the SERVER redeems the code here, once (PKCE,
 * state, nonce), and keeps the result for the device key that started the sign-in. The page
 * then tells the host only that the sign-in is done; code and state never reach the host page,
 * and the frame fetches the result with a proof by its key (completeSocial).
 */
export async function finishSocialCallback(auth: Auth, query: URLSearchParams): Promise<{ targetOrigin?: string; status: 'done' | 'error' }> {
  const state = query.get('state') ?? ''
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
  if (query.get('error')) return fail('denied')
  const client = providerFor(auth, row.provider)
  const code = query.get('code')
  if (!client || !code) return fail('redeem')
  let profile: SocialProfile
  try {
    profile = await client.signIn({
      code,
      redirectUri: callbackUrl(auth),
      verifier: open(auth.secrets.shareKey, row.verifier_ciphertext, `pkce:${row.state}`),
      nonce: row.nonce,
      now: auth.settings.now(),
      params: query,
    })
  } catch (error) {
    // The reason (no token, no email, no code) goes to the log only; the user sees 'Sign-in failed'.
    authEvent(auth.ctx, 'login_failed', { method: row.provider, reason: error instanceof Error ? error.message : 'error' }, 'warn')
    return fail('redeem')
  }
  const user = await userForIdentity(auth.ctx.db, {
    provider: row.provider,
    subject: profile.subject,
    email: profile.email,
    emailVerified: profile.email !== null,
    username: profile.username,
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
  authEvent(auth.ctx, 'login', { method: row.provider, projectId: opts.projectId, userId: row.result_user_id })
  return createSession(auth, {
    userId: row.result_user_id,
    device: opts.device,
    projectId: opts.projectId,
    method: row.provider,
    recovery: true,
    origin: { ...opts.origin, hostOrigin: row.host_origin },
  })
}
