import { z } from 'zod'
import { httpUrl, port, secret } from './fields.js'

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

const provider = z.strictObject({
  clientId: z.string().min(1).describe('OAuth client id.'),
  clientSecret: secret(z.string().min(1).optional()).describe('OAuth client secret.'),
  issuer: httpUrl().optional().describe('OIDC issuer (discovery); or the explicit endpoints for plain OAuth 2 providers.'),
  authorizationEndpoint: httpUrl().optional(),
  tokenEndpoint: httpUrl().optional(),
  userinfoEndpoint: httpUrl().optional(),
  scope: z.string().optional(),
  allowHttp: z.boolean().optional().describe('Insecure http issuers: loopback stand-ins only.'),
})
export type SocialProviderConfig = z.infer<typeof provider>

/** Social login: the server is the OAuth client. */
export const socialShape = {
  socialProviders: z
    .strictObject(
      Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, provider.optional().describe(`${p} sign-in client.`)])) as {
        [K in (typeof SOCIAL_PROVIDERS)[number]]: z.ZodOptional<typeof provider>
      },
    )
    .optional()
    .describe('OAuth/OIDC clients per social provider, e.g. PORTICO_SOCIAL_PROVIDERS_GOOGLE_CLIENT_SECRET_FILE.'),
  devIdentityProvider: z
    .strictObject({ port: port(0), standsInFor: z.array(z.enum(SOCIAL_PROVIDERS)).optional() })
    .optional()
    .describe('Development only (--dev): a local OpenID provider standing in for social providers (default google).'),
}
