import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose'

/**
 * TESTS ONLY — a STAND-IN for the six social providers: one local HTTP server (127.0.0.1, free
 * port) that speaks each provider's documented endpoints and answer shapes, under a prefix per
 * provider (/google, /apple, /github, /discord, /x, /facebook). Consent is implied: the authorize
 * endpoint signs in the account the test chose (signInAs) and answers the redirect URI at once
 * (Apple: with a form_post page). Codes are single use, bound to client, redirect URI and PKCE.
 * The real integration points are the providers' own URLs (the defaults in auth/socialProviders.ts).
 */

export type StandInProvider = 'google' | 'apple' | 'github' | 'discord' | 'x' | 'facebook'

export interface StandInAccount {
  id: string
  name: string
  email?: string
  /** google/apple email_verified, discord verified, github: the primary email's verified. */
  verified?: boolean
  /** github /user/emails as is (else one primary email from email/verified). */
  githubEmails?: Array<{ email: string; primary: boolean; verified: boolean; visibility: string | null }>
}

/** How the next id_token is spoiled (attack tests). */
export interface IdTokenTamper {
  aud?: string
  iss?: string
  expiredSecondsAgo?: number
  nonce?: string
  foreignKey?: boolean
}

interface Issued {
  provider: StandInProvider
  clientId: string
  redirectUri: string
  challenge: string | null
  nonce: string | null
  account: StandInAccount
  used: boolean
}

export interface OAuthStandIn {
  url: string
  clients: Record<StandInProvider, { clientId: string; clientSecret: string }>
  apple: { teamId: string; keyId: string; privateKey: string }
  signInAs(provider: StandInProvider, account: StandInAccount): void
  tamperNextIdToken(t: IdTokenTamper): void
  /** Token requests answered, by provider (what the server really called). */
  tokenCalls: Record<string, number>
  close(): Promise<void>
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = ''
    req.on('data', (chunk) => (data += chunk))
    req.on('end', () => resolve(data))
  })
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export async function startOAuthStandIn(): Promise<OAuthStandIn> {
  const signing = await generateKeyPair('RS256', { extractable: true })
  const foreign = await generateKeyPair('RS256', { extractable: true })
  const jwk: JWK = { ...(await exportJWK(signing.publicKey)), kid: 'stand-in-1', alg: 'RS256', use: 'sig' }
  const appleKey = await generateKeyPair('ES256', { extractable: true })
  const { createPrivateKey } = await import('node:crypto')
  const applePem = createPrivateKey({ key: (await exportJWK(appleKey.privateKey)) as never, format: 'jwk' }).export({ format: 'pem', type: 'pkcs8' }) as string
  const applePublic = await importJWK(await exportJWK(appleKey.publicKey), 'ES256')

  const clients = Object.fromEntries(
    (['google', 'apple', 'github', 'discord', 'x', 'facebook'] as const).map((p) => [
      p,
      { clientId: `${p}-client`, clientSecret: randomBytes(16).toString('hex') },
    ]),
  ) as OAuthStandIn['clients']
  const apple = { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: applePem }
  const accounts = new Map<StandInProvider, StandInAccount>()
  const codes = new Map<string, Issued>()
  const tokens = new Map<string, Issued>()
  const tokenCalls: Record<string, number> = {}
  let tamper: IdTokenTamper | undefined

  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const issuerOf = (p: StandInProvider) => `${url}/${p}`

  async function idToken(issued: Issued) {
    const t = tamper
    tamper = undefined
    const now = Math.floor(Date.now() / 1000) - (t?.expiredSecondsAgo ?? 0)
    const a = issued.account
    const claims: Record<string, unknown> = { email: a.email, email_verified: issued.provider === 'apple' ? String(!!a.verified) : !!a.verified }
    if (issued.provider === 'google') claims.name = a.name
    if (t?.nonce ?? issued.nonce) claims.nonce = t?.nonce ?? issued.nonce
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'stand-in-1' })
      .setIssuer(t?.iss ?? issuerOf(issued.provider))
      .setSubject(a.id)
      .setAudience(t?.aud ?? issued.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + 600 - (t?.expiredSecondsAgo ? 600 : 0))
      .sign(t?.foreignKey ? foreign.privateKey : signing.privateKey)
  }

  /** The authorize endpoint: the chosen account consents at once. */
  function authorize(provider: StandInProvider, q: URLSearchParams, res: ServerResponse) {
    const account = accounts.get(provider)
    const redirectUri = q.get('redirect_uri') ?? ''
    if (!account || q.get('client_id') !== clients[provider].clientId || q.get('response_type') !== 'code') return json(res, 400, { error: 'invalid_request' })
    const code = randomBytes(16).toString('base64url')
    codes.set(code, {
      provider,
      clientId: clients[provider].clientId,
      redirectUri,
      challenge: q.get('code_challenge_method') === 'S256' ? q.get('code_challenge') : null,
      nonce: q.get('nonce'),
      account,
      used: false,
    })
    const answer = { code, state: q.get('state') ?? '' }
    if (q.get('response_mode') === 'form_post') {
      // Apple: the browser POSTs the answer to the redirect URI (the name only on a first sign-in).
      const fields = {
        ...answer,
        user: JSON.stringify({ name: { firstName: account.name.split(' ')[0], lastName: account.name.split(' ')[1] ?? '' }, email: account.email }),
      }
      const inputs = Object.entries(fields)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${esc(v)}">`)
        .join('')
      res.writeHead(200, { 'content-type': 'text/html' })
      return res.end(`<form method="post" action="${esc(redirectUri)}">${inputs}</form>`)
    }
    res.writeHead(302, { location: `${redirectUri}?${new URLSearchParams(answer)}` })
    res.end()
  }

  /** The token endpoint: client authentication as each provider documents, single-use code, PKCE. */
  async function token(provider: StandInProvider, req: IncomingMessage, form: URLSearchParams, res: ServerResponse) {
    tokenCalls[provider] = (tokenCalls[provider] ?? 0) + 1
    const client = clients[provider]
    let id = form.get('client_id')
    let secret = form.get('client_secret')
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (basic) [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent) as [string, string]
    if (provider === 'x' && !basic) return json(res, 401, { error: 'unauthorized_client', error_description: 'Missing valid authorization header' })
    if (provider === 'apple') {
      try {
        const { payload } = await jwtVerify(secret ?? '', applePublic, { issuer: apple.teamId, subject: client.clientId, audience: issuerOf('apple') })
        if (!payload.exp) throw new Error('exp')
      } catch {
        return json(res, 400, { error: 'invalid_client' })
      }
    } else if (id !== client.clientId || secret !== client.clientSecret) return json(res, 401, { error: 'invalid_client' })
    const issued = codes.get(form.get('code') ?? '')
    const bad = !issued || issued.used || issued.provider !== provider || issued.redirectUri !== form.get('redirect_uri')
    const pkce = issued?.challenge && issued.challenge !== s256(form.get('code_verifier') ?? '')
    if (issued) issued.used = true
    // GitHub answers its errors with 200 and an error field.
    if (bad || pkce) return json(res, provider === 'github' ? 200 : 400, { error: provider === 'github' ? 'bad_verification_code' : 'invalid_grant' })
    const access = randomBytes(16).toString('base64url')
    tokens.set(access, issued!)
    const body: Record<string, unknown> = { access_token: access, token_type: provider === 'github' ? 'bearer' : 'Bearer', expires_in: 3600 }
    if (provider === 'google' || provider === 'apple') body.id_token = await idToken(issued!)
    return json(res, 200, body)
  }

  function user(provider: StandInProvider, path: string, req: IncomingMessage, res: ServerResponse) {
    const issued = tokens.get(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '')
    if (!issued || issued.provider !== provider) return json(res, 401, { message: 'Bad credentials' })
    const a = issued.account
    if (provider === 'github') {
      if (!req.headers['user-agent']) return json(res, 403, { message: 'User-Agent required' })
      if (path === '/github/api/user')
        return json(res, 200, { id: Number(a.id), login: a.name.replace(/\s/g, '').toLowerCase(), name: a.name, email: a.email ?? null })
      return json(res, 200, a.githubEmails ?? (a.email ? [{ email: a.email, primary: true, verified: !!a.verified, visibility: 'private' }] : []))
    }
    if (provider === 'discord')
      return json(res, 200, { id: a.id, username: a.name.toLowerCase(), global_name: a.name, email: a.email ?? null, verified: !!a.verified })
    if (provider === 'x') return json(res, 200, { data: { id: a.id, name: a.name, username: a.name.replace(/\s/g, '') } })
    const fields = new URL(req.url ?? '/', url).searchParams.get('fields')?.split(',') ?? ['id', 'name']
    const me: Record<string, unknown> = { id: a.id }
    if (fields.includes('name')) me.name = a.name
    if (fields.includes('email') && a.email) me.email = a.email
    return json(res, 200, me)
  }

  const routes: Record<string, (req: IncomingMessage, res: ServerResponse, q: URLSearchParams, form: URLSearchParams) => unknown> = {
    'GET /google/o/oauth2/v2/auth': (_r, res, q) => authorize('google', q, res),
    'POST /google/token': (req, res, _q, f) => token('google', req, f, res),
    'GET /google/oauth2/v3/certs': (_r, res) => json(res, 200, { keys: [jwk] }),
    'GET /apple/auth/authorize': (_r, res, q) => authorize('apple', q, res),
    'POST /apple/auth/token': (req, res, _q, f) => token('apple', req, f, res),
    'GET /apple/auth/keys': (_r, res) => json(res, 200, { keys: [jwk] }),
    'GET /github/login/oauth/authorize': (_r, res, q) => authorize('github', q, res),
    'POST /github/login/oauth/access_token': (req, res, _q, f) => token('github', req, f, res),
    'GET /github/api/user': (req, res) => user('github', '/github/api/user', req, res),
    'GET /github/api/user/emails': (req, res) => user('github', '/github/api/user/emails', req, res),
    'GET /discord/oauth2/authorize': (_r, res, q) => authorize('discord', q, res),
    'POST /discord/api/oauth2/token': (req, res, _q, f) => token('discord', req, f, res),
    'GET /discord/api/users/@me': (req, res) => user('discord', '', req, res),
    'GET /x/i/oauth2/authorize': (_r, res, q) => authorize('x', q, res),
    'POST /x/2/oauth2/token': (req, res, _q, f) => token('x', req, f, res),
    'GET /x/2/users/me': (req, res) => user('x', '', req, res),
    'GET /facebook/dialog/oauth': (_r, res, q) => authorize('facebook', q, res),
    // Graph's token endpoint takes its parameters in the query string.
    'GET /facebook/oauth/access_token': (req, res, q) => token('facebook', req, q, res),
    'GET /facebook/me': (req, res) => user('facebook', '', req, res),
  }
  server.on('request', async (req, res) => {
    const at = new URL(req.url ?? '/', url)
    const route = routes[`${req.method} ${at.pathname}`]
    if (!route) return json(res, 404, { error: 'not_found' })
    const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams()
    await route(req, res, at.searchParams, form)
  })

  return {
    url,
    clients,
    apple,
    tokenCalls,
    signInAs: (provider, account) => accounts.set(provider, account),
    tamperNextIdToken: (t) => {
      tamper = t
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The server's socialProviders configuration pointing every provider at the stand-in. */
export function standInProvidersConfig(s: OAuthStandIn) {
  const u = s.url
  return {
    google: {
      ...s.clients.google,
      issuer: `${u}/google`,
      authorizationEndpoint: `${u}/google/o/oauth2/v2/auth`,
      tokenEndpoint: `${u}/google/token`,
      jwksUri: `${u}/google/oauth2/v3/certs`,
    },
    apple: {
      clientId: s.clients.apple.clientId,
      ...s.apple,
      issuer: `${u}/apple`,
      authorizationEndpoint: `${u}/apple/auth/authorize`,
      tokenEndpoint: `${u}/apple/auth/token`,
      jwksUri: `${u}/apple/auth/keys`,
    },
    github: {
      ...s.clients.github,
      authorizationEndpoint: `${u}/github/login/oauth/authorize`,
      tokenEndpoint: `${u}/github/login/oauth/access_token`,
      apiUrl: `${u}/github/api`,
    },
    discord: {
      ...s.clients.discord,
      authorizationEndpoint: `${u}/discord/oauth2/authorize`,
      tokenEndpoint: `${u}/discord/api/oauth2/token`,
      userinfoEndpoint: `${u}/discord/api/users/@me`,
    },
    x: { ...s.clients.x, authorizationEndpoint: `${u}/x/i/oauth2/authorize`, tokenEndpoint: `${u}/x/2/oauth2/token`, userinfoEndpoint: `${u}/x/2/users/me` },
    facebook: {
      ...s.clients.facebook,
      authorizationEndpoint: `${u}/facebook/dialog/oauth`,
      tokenEndpoint: `${u}/facebook/oauth/access_token`,
      userinfoEndpoint: `${u}/facebook/me`,
    },
  }
}
