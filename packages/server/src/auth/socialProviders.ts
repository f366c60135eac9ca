import { OAuthSocialProviders } from '@portico/core/spec'
import { z } from 'zod'
import type { SocialProvidersConfig } from '../config.js'
import type { DevIdentityProvider } from '../dev/oidcProvider.js'
import { appleClientSecret } from './socialAppleSecret.js'
import { bearer, providerJson, ProviderCallError, TokenResponse } from './socialHttp.js'
import { verifyIdToken } from './socialIdToken.js'
import {
  AppleUserField,
  appleProfile,
  DiscordUser,
  discordProfile,
  FacebookUser,
  facebookProfile,
  GithubEmails,
  GithubUser,
  githubProfile,
  googleProfile,
  IdTokenClaims,
  oidcProfile,
  type SocialProfile,
  XUser,
  xProfile,
} from './socialProfiles.js'

export const SOCIAL_PROVIDERS = OAuthSocialProviders
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** One sign-in's redemption: the callback's parameters and what was kept when it started. */
export interface Redemption {
  code: string
  redirectUri: string
  verifier: string
  nonce: string
  now: number
  /** Everything the provider sent to the callback (Apple's form_post `user` among it). */
  params: URLSearchParams
}

/** A provider as the server's OAuth client speaks to it (the provider table below). */
export interface ProviderClient {
  provider: SocialProvider
  clientId: string
  authorizationEndpoint: string
  scope: string
  /** Apple: the answer comes as a POST to the callback (response_mode=form_post). */
  responseMode?: 'form_post'
  /** OpenID providers get a nonce, and their id_token is verified. */
  openId: boolean
  /** Redeems the code (PKCE verifier included) and maps the provider's user to a profile. */
  signIn(r: Redemption): Promise<SocialProfile>
}

type Auth = 'post' | 'basic' | 'none'

/** RFC 6749 §4.1.3 with PKCE; the client authenticates as the provider documents. */
async function redeem(
  url: string,
  client: { id: string; secret?: string; auth: Auth; method?: 'GET' | 'POST' },
  r: Redemption,
): Promise<z.output<typeof TokenResponse>> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: r.code, redirect_uri: r.redirectUri, code_verifier: r.verifier })
  const headers: Record<string, string> = {}
  if (client.auth === 'basic' && client.secret)
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`
  else {
    form.set('client_id', client.id)
    if (client.auth === 'post' && client.secret) form.set('client_secret', client.secret)
  }
  if (client.method === 'GET') return providerJson(TokenResponse, `${url}?${form}`, { headers, what: 'token endpoint' })
  return providerJson(TokenResponse, url, { method: 'POST', headers, form, what: 'token endpoint' })
}

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new ProviderCallError(`${what} missing`)
  return value
}

/** The provider table: each provider's documented endpoints, client authentication and user mapping. */
export function providerClient(provider: SocialProvider, all: SocialProvidersConfig): ProviderClient | undefined {
  switch (provider) {
    case 'google': {
      const c = all.google
      if (!c) return undefined
      const issuers = c.issuer ? [c.issuer] : ['https://accounts.google.com', 'accounts.google.com']
      const jwksUri = c.jwksUri ?? 'https://www.googleapis.com/oauth2/v3/certs'
      return {
        provider,
        clientId: c.clientId,
        authorizationEndpoint: c.authorizationEndpoint ?? 'https://accounts.google.com/o/oauth2/v2/auth',
        scope: c.scope ?? 'openid email profile',
        openId: true,
        async signIn(r) {
          const tokens = await redeem(c.tokenEndpoint ?? 'https://oauth2.googleapis.com/token', { id: c.clientId, secret: c.clientSecret, auth: 'post' }, r)
          const claims = await verifyIdToken(need(tokens.id_token, 'id_token'), { jwksUri, issuers, clientId: c.clientId, nonce: r.nonce, now: r.now })
          return googleProfile(claims)
        },
      }
    }
    case 'apple': {
      const c = all.apple
      if (!c) return undefined
      const issuer = c.issuer ?? 'https://appleid.apple.com'
      return {
        provider,
        clientId: c.clientId,
        authorizationEndpoint: c.authorizationEndpoint ?? 'https://appleid.apple.com/auth/authorize',
        scope: c.scope ?? 'name email',
        responseMode: 'form_post',
        openId: true,
        async signIn(r) {
          const secret = await appleClientSecret({
            teamId: c.teamId,
            keyId: c.keyId,
            privateKey: c.privateKey,
            clientId: c.clientId,
            audience: issuer,
            now: r.now,
          })
          const tokens = await redeem(c.tokenEndpoint ?? 'https://appleid.apple.com/auth/token', { id: c.clientId, secret, auth: 'post' }, r)
          const claims = await verifyIdToken(need(tokens.id_token, 'id_token'), {
            jwksUri: c.jwksUri ?? 'https://appleid.apple.com/auth/keys',
            issuers: [issuer],
            clientId: c.clientId,
            nonce: r.nonce,
            now: r.now,
          })
          let user: z.output<typeof AppleUserField> | undefined
          try {
            user = AppleUserField.parse(JSON.parse(r.params.get('user') ?? 'null') ?? {})
          } catch {
            user = undefined // the name is a nicety; a malformed field only loses it
          }
          return appleProfile(claims, user)
        },
      }
    }
    case 'github': {
      const c = all.github
      if (!c) return undefined
      const api = (c.apiUrl ?? 'https://api.github.com').replace(/\/$/, '')
      return {
        provider,
        clientId: c.clientId,
        authorizationEndpoint: c.authorizationEndpoint ?? 'https://github.com/login/oauth/authorize',
        scope: c.scope ?? 'read:user user:email',
        openId: false,
        async signIn(r) {
          const tokens = await redeem(
            c.tokenEndpoint ?? 'https://github.com/login/oauth/access_token',
            { id: c.clientId, secret: c.clientSecret, auth: 'post' },
            r,
          )
          const headers = { ...bearer(tokens.access_token), accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' }
          const [user, emails] = await Promise.all([
            providerJson(GithubUser, `${api}/user`, { headers, what: 'GET /user' }),
            providerJson(GithubEmails, `${api}/user/emails`, { headers, what: 'GET /user/emails' }),
          ])
          return githubProfile(user, emails)
        },
      }
    }
    case 'discord': {
      const c = all.discord
      if (!c) return undefined
      return {
        provider,
        clientId: c.clientId,
        authorizationEndpoint: c.authorizationEndpoint ?? 'https://discord.com/oauth2/authorize',
        scope: c.scope ?? 'identify email',
        openId: false,
        async signIn(r) {
          const tokens = await redeem(c.tokenEndpoint ?? 'https://discord.com/api/oauth2/token', { id: c.clientId, secret: c.clientSecret, auth: 'post' }, r)
          const user = await providerJson(DiscordUser, c.userinfoEndpoint ?? 'https://discord.com/api/users/@me', {
            headers: bearer(tokens.access_token),
            what: 'GET /users/@me',
          })
          return discordProfile(user)
        },
      }
    }
    case 'x': {
      const c = all.x
      if (!c) return undefined
      return {
        provider,
        clientId: c.clientId,
        authorizationEndpoint: c.authorizationEndpoint ?? 'https://x.com/i/oauth2/authorize',
        scope: c.scope ?? 'users.read tweet.read',
        openId: false,
        async signIn(r) {
          // A confidential client authenticates with HTTP Basic; a public one names itself (PKCE only).
          const auth: Auth = c.clientSecret ? 'basic' : 'none'
          const tokens = await redeem(c.tokenEndpoint ?? 'https://api.x.com/2/oauth2/token', { id: c.clientId, secret: c.clientSecret, auth }, r)
          const me = await providerJson(XUser, c.userinfoEndpoint ?? 'https://api.x.com/2/users/me', {
            headers: bearer(tokens.access_token),
            what: 'GET /2/users/me',
          })
          return xProfile(me)
        },
      }
    }
    case 'facebook': {
      const c = all.facebook
      if (!c) return undefined
      return {
        provider,
        clientId: c.clientId,
        authorizationEndpoint: c.authorizationEndpoint ?? 'https://www.facebook.com/v23.0/dialog/oauth',
        scope: c.scope ?? 'email public_profile',
        openId: false,
        async signIn(r) {
          const tokens = await redeem(
            c.tokenEndpoint ?? 'https://graph.facebook.com/v23.0/oauth/access_token',
            { id: c.clientId, secret: c.clientSecret, auth: 'post', method: 'GET' },
            r,
          )
          const url = new URL(c.userinfoEndpoint ?? 'https://graph.facebook.com/v23.0/me')
          url.searchParams.set('fields', 'id,name,email')
          const me = await providerJson(FacebookUser, url.href, { headers: bearer(tokens.access_token), what: 'GET /me' })
          return facebookProfile(me)
        },
      }
    }
  }
}

const Discovery = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string(),
  jwks_uri: z.string(),
})
const discoveries = new WeakMap<DevIdentityProvider, Promise<z.output<typeof Discovery>>>()

/**
 * DEV ONLY (--dev): the local OpenID provider standing in for `provider`, spoken to as an
 * OpenID provider (discovery, id_token verified, claims from its userinfo endpoint).
 */
export function devProviderClient(provider: SocialProvider, dev: DevIdentityProvider): ProviderClient {
  let discovery = discoveries.get(dev)
  if (!discovery) {
    discovery = providerJson(Discovery, `${dev.issuer}/.well-known/openid-configuration`, { what: 'discovery' })
    discovery.catch(() => discoveries.delete(dev))
    discoveries.set(dev, discovery)
  }
  const found = discovery
  return {
    provider,
    clientId: dev.clientId,
    authorizationEndpoint: `${dev.issuer}/auth`,
    scope: 'openid email profile',
    openId: true,
    async signIn(r) {
      const d = await found
      const tokens = await redeem(d.token_endpoint, { id: dev.clientId, secret: dev.clientSecret, auth: 'basic' }, r)
      const claims = await verifyIdToken(need(tokens.id_token, 'id_token'), {
        jwksUri: d.jwks_uri,
        issuers: [d.issuer],
        clientId: dev.clientId,
        nonce: r.nonce,
        now: r.now,
      })
      const info = await providerJson(IdTokenClaims, d.userinfo_endpoint, { headers: bearer(tokens.access_token), what: 'userinfo' })
      if (info.sub !== claims.sub) throw new ProviderCallError('userinfo: another subject')
      return oidcProfile(provider, { ...info, sub: claims.sub })
    },
  }
}
