import { z } from 'zod'
import { httpUrl, port, positiveInt, secret, wsOrHttpUrl } from './fields.js'

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

const required = (what: string) => ({ error: `expected ${what}` })
const clientId = () =>
  z.string(required('the client id the provider issued')).min(1, required('the client id the provider issued')).describe('OAuth client id.')
const clientSecret = () =>
  secret(z.string(required('the client secret the provider issued')).min(1, required('the client secret the provider issued'))).describe('OAuth client secret.')
/** Endpoints default to the provider's own; tests and proxies point them elsewhere. */
const endpoint = (what: string) => httpUrl().optional().describe(`${what} (default: the provider's own).`)
const scope = (defaults: string) => z.string().min(1).optional().describe(`Scopes asked for (default '${defaults}').`)

const google = z.strictObject({
  clientId: clientId(),
  clientSecret: clientSecret(),
  issuer: endpoint('The id_token issuer (iss)'),
  authorizationEndpoint: endpoint('Authorization endpoint'),
  tokenEndpoint: endpoint('Token endpoint'),
  jwksUri: endpoint('JWKS the id_token is verified against'),
  scope: scope('openid email profile'),
})

const apple = z.strictObject({
  clientId: clientId().describe('The Services ID (e.g. com.example.web): the client_id and the id_token audience.'),
  teamId: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, required('the 10-character Apple team id'))
    .describe('Apple developer team id (the client secret JWT issuer).'),
  keyId: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, required('the 10-character key id of the Sign in with Apple key'))
    .describe('Key id of the Sign in with Apple key.'),
  privateKey: secret(z.string().includes('PRIVATE KEY', required('the .p8 key file contents (PEM, PKCS#8, EC P-256)'))).describe(
    'The Sign in with Apple private key (.p8 contents); the client secret is an ES256 JWT signed with it, renewed every hour.',
  ),
  issuer: endpoint('The id_token issuer (iss)'),
  authorizationEndpoint: endpoint('Authorization endpoint'),
  tokenEndpoint: endpoint('Token endpoint'),
  jwksUri: endpoint('JWKS the id_token is verified against'),
  scope: scope('name email'),
})

const github = z.strictObject({
  clientId: clientId(),
  clientSecret: clientSecret(),
  authorizationEndpoint: endpoint('Authorization endpoint'),
  tokenEndpoint: endpoint('Token endpoint'),
  apiUrl: endpoint('REST API base (GET /user, /user/emails)'),
  scope: scope('read:user user:email'),
})

const discord = z.strictObject({
  clientId: clientId(),
  clientSecret: clientSecret(),
  authorizationEndpoint: endpoint('Authorization endpoint'),
  tokenEndpoint: endpoint('Token endpoint'),
  userinfoEndpoint: endpoint('The user endpoint (GET /users/@me)'),
  scope: scope('identify email'),
})

const x = z.strictObject({
  clientId: clientId(),
  clientSecret: secret(z.string().min(1).optional()).describe(
    'OAuth 2 client secret of a confidential client (HTTP Basic at the token endpoint); none for a public client.',
  ),
  authorizationEndpoint: endpoint('Authorization endpoint'),
  tokenEndpoint: endpoint('Token endpoint'),
  userinfoEndpoint: endpoint('The user endpoint (GET /2/users/me)'),
  scope: scope('users.read tweet.read'),
})

const facebook = z.strictObject({
  clientId: clientId().describe('The Facebook app id.'),
  clientSecret: clientSecret().describe('The Facebook app secret.'),
  authorizationEndpoint: endpoint('Login dialog'),
  tokenEndpoint: endpoint('Token endpoint (Graph /oauth/access_token)'),
  userinfoEndpoint: endpoint('The user endpoint (Graph /me)'),
  scope: scope('email public_profile'),
})

const providers = { google, apple, github, discord, x, facebook }
export type SocialProvidersConfig = { [K in keyof typeof providers]?: z.output<(typeof providers)[K]> }

/** Social login: the server is the OAuth client. */
export const socialShape = {
  socialProviders: z
    .strictObject(
      Object.fromEntries(Object.entries(providers).map(([p, schema]) => [p, schema.optional().describe(`${p} sign-in client.`)])) as {
        [K in keyof typeof providers]: z.ZodOptional<(typeof providers)[K]>
      },
    )
    .optional()
    .describe(
      'OAuth/OIDC clients per social provider; a provider without one is refused. Callback: <secure frame origin>/auth/social/callback. E.g. PORTICO_SOCIAL_PROVIDERS_GOOGLE_CLIENT_SECRET_FILE.',
    ),
  farcaster: z
    .strictObject({
      relayUrl: httpUrl().default('https://relay.farcaster.xyz').describe('The Farcaster auth relay (channels between this server and the Farcaster app).'),
      optimismRpcUrl: wsOrHttpUrl().describe("An Optimism RPC URL: the sign-in's signer is checked against the ID registry there."),
      domain: z
        .string()
        .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, required('a host name (the SIWF message domain)'))
        .optional()
        .describe('The domain the Sign In With Farcaster message names (default: the host of publicUrl).'),
      siweUri: httpUrl().optional().describe('The URI the message names (default: publicUrl).'),
      timeoutMs: positiveInt().default(10_000).describe('Timeout of each relay and RPC call (ms).'),
    })
    .optional()
    .describe('Sign In With Farcaster (@farcaster/auth-client): off when absent (the /dev stand-in answers under --dev).'),
  devIdentityProvider: z
    .strictObject({ port: port(0), standsInFor: z.array(z.enum(SOCIAL_PROVIDERS)).optional() })
    .optional()
    .describe('Development only (--dev): a local OpenID provider standing in for the social providers not configured in socialProviders (default all six).'),
}
