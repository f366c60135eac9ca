import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import Provider from 'oidc-provider'
import { exportJWK, generateKeyPair } from 'jose'
import { OAuthSocialProviders } from '@portico/core/spec'

export interface DevIdentityProvider {
  issuer: string
  port: number
  clientId: string
  clientSecret: string
  standsInFor: string[]
  close(): Promise<void>
}

/**
 * DEV ONLY: a local OpenID provider (the npm package oidc-provider) on 127.0.0.1 that stands in
 * for the social providers (all six OAuth ones by default). Its sign-in page takes any email and name, with an
 * "email verified" box, and consent is implied. Never expose it beyond loopback.
 */
export async function startDevIdentityProvider(opts: { port: number; redirectUri: string; standsInFor?: string[] }): Promise<DevIdentityProvider> {
  const accounts = new Map<string, { email: string; name: string; verified: boolean }>()
  const clientId = 'portico-dev'
  const clientSecret = randomBytes(24).toString('base64url')
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'dev' }

  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as { port: number }).port
  const issuer = `http://127.0.0.1:${port}`

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub)
      if (!account) return undefined
      return {
        accountId: sub,
        async claims() {
          return { sub, email: account.email, email_verified: account.verified, name: account.name, preferred_username: account.name }
        },
      }
    },
  })
  provider.on('server_error', (_ctx, error) => console.error('[dev identity provider]', error))
  const callback = provider.callback()

  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec((req.url ?? '').split('?')[0]!)
      if (!match) return callback(req, res)
      const details = await provider.interactionDetails(req, res)
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" })
        return res.end(loginPage(details.uid, String(details.params.client_id)))
      }
      if (req.method === 'POST' && match[2]) {
        const form = new URLSearchParams(await readBody(req))
        const email = (form.get('email') ?? '').trim().toLowerCase()
        if (!email) throw new Error('email required')
        const accountId = `dev-${Buffer.from(email).toString('base64url')}`
        accounts.set(accountId, { email, name: (form.get('name') ?? '').trim() || email.split('@')[0]!, verified: form.get('verified') === 'on' })
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) })
        grant.addOIDCScope(String(details.params.scope ?? 'openid'))
        const grantId = await grant.save()
        return provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false })
      }
      res.writeHead(405).end()
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`Dev identity provider: ${error instanceof Error ? error.message : 'error'}`)
    }
  })

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    standsInFor: opts.standsInFor ?? [...OAuthSocialProviders],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8')
      if (body.length > 10_000) req.destroy()
    })
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

function loginPage(uid: string, clientId: string) {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev identity provider</title><style>
body{font:15px system-ui,sans-serif;background:#f4f4f5;color:#18181b;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;padding:28px;border-radius:16px;box-shadow:0 8px 30px #0002;width:300px;display:grid;gap:12px}
h1{font-size:18px;margin:0}p{margin:0;color:#52525b;font-size:13px}input[type=email],input[type=text]{padding:10px;border:1px solid #d4d4d8;border-radius:8px;font:inherit}
button{padding:10px;border:0;border-radius:8px;background:#2563eb;color:#fff;font:inherit;cursor:pointer}</style></head><body>
<form method="post" action="/interaction/${esc(uid)}/login">
<h1>Dev identity provider</h1><p>A LOCAL STAND-IN for a social login provider (development only). Client: ${esc(clientId)}</p>
<label>Email<br><input type="email" name="email" required autofocus></label>
<label>Name<br><input type="text" name="name"></label>
<label><input type="checkbox" name="verified" checked> Email verified</label>
<button type="submit">Sign in</button></form></body></html>`
}
