import { z } from 'zod'

/**
 * What a provider's answers become: a stable subject `provider:id` (the provider's own user id,
 * never an email or a name, which users can change), an email ONLY when the provider says it is
 * verified (an unverified one is dropped: it could link to someone else's account), and a
 * display name. Each provider's documented response shape is checked (zod) before it is read.
 */
export interface SocialProfile {
  subject: string
  email: string | null
  username: string | null
}

const id = z.union([z.string().min(1).max(200), z.number().int().nonnegative()]).transform(String)
const text = z.string().max(500).nullish()
const verifiedFlag = z.union([z.boolean(), z.enum(['true', 'false'])]).nullish()
const isTrue = (v: boolean | string | null | undefined) => v === true || v === 'true'
const nameOrNull = (...names: Array<string | null | undefined>) => names.find((n) => typeof n === 'string' && n.trim())?.trim() ?? null

/** OpenID Connect id_token claims (google, apple; the dev provider too). `sub` is the stable id. */
export const IdTokenClaims = z.looseObject({
  sub: z.string().min(1).max(255),
  email: z.string().max(320).nullish(),
  email_verified: verifiedFlag,
  name: text,
  preferred_username: text,
})

/** Google: the id_token's sub; email when email_verified is true. */
export function googleProfile(claims: z.output<typeof IdTokenClaims>): SocialProfile {
  return {
    subject: `google:${claims.sub}`,
    email: isTrue(claims.email_verified) ? (claims.email ?? null) : null,
    username: nameOrNull(claims.name, claims.preferred_username),
  }
}

/** Apple's form_post `user` field, sent on the first authorization only (the user's name is nowhere else). */
export const AppleUserField = z.looseObject({ name: z.looseObject({ firstName: text, lastName: text }).nullish() })

/** Apple: the id_token's sub (team-scoped); email when email_verified is true ("true" as a string too). */
export function appleProfile(claims: z.output<typeof IdTokenClaims>, user?: z.output<typeof AppleUserField>): SocialProfile {
  const fullName = [user?.name?.firstName, user?.name?.lastName].filter(Boolean).join(' ')
  return {
    subject: `apple:${claims.sub}`,
    email: isTrue(claims.email_verified) ? (claims.email ?? null) : null,
    username: nameOrNull(fullName),
  }
}

/** Any OpenID provider by its claims (the local provider of --dev, standing in for `provider`). */
export function oidcProfile(provider: string, claims: z.output<typeof IdTokenClaims>): SocialProfile {
  return {
    subject: `${provider}:${claims.sub}`,
    email: isTrue(claims.email_verified) ? (claims.email ?? null) : null,
    username: nameOrNull(claims.preferred_username, claims.name),
  }
}

/** GitHub GET /user. Its `email` is the public profile email (not necessarily verified): unused. */
export const GithubUser = z.looseObject({ id, login: z.string().min(1).max(100), name: text })
/** GitHub GET /user/emails. */
export const GithubEmails = z.array(z.looseObject({ email: z.string().max(320), primary: z.boolean(), verified: z.boolean() })).max(100)

/** GitHub: the numeric user id; the email only when it is the primary one AND verified. */
export function githubProfile(user: z.output<typeof GithubUser>, emails: z.output<typeof GithubEmails>): SocialProfile {
  return {
    subject: `github:${user.id}`,
    email: emails.find((e) => e.primary && e.verified)?.email ?? null,
    username: nameOrNull(user.login, user.name),
  }
}

/** Discord GET /users/@me (email and verified with the email scope). */
export const DiscordUser = z.looseObject({ id, username: z.string().min(1).max(100), global_name: text, email: text, verified: z.boolean().nullish() })

/** Discord: the snowflake id; the email only when verified is true. */
export function discordProfile(user: z.output<typeof DiscordUser>): SocialProfile {
  return { subject: `discord:${user.id}`, email: user.verified === true ? (user.email ?? null) : null, username: nameOrNull(user.global_name, user.username) }
}

/** X GET /2/users/me: the user inside `data`. */
export const XUser = z.looseObject({ data: z.looseObject({ id, name: text, username: z.string().min(1).max(100) }) })

/** X: the user id; X gives no email here. */
export function xProfile(body: z.output<typeof XUser>): SocialProfile {
  return { subject: `x:${body.data.id}`, email: null, username: nameOrNull(body.data.username, body.data.name) }
}

/** Facebook Graph GET /me?fields=id,name,email. */
export const FacebookUser = z.looseObject({ id, name: text, email: text })

/**
 * Facebook: the app-scoped user id. The Graph API says nothing about whether `email` was
 * verified (no such field since v2), so it is never taken as a verified email.
 */
export function facebookProfile(me: z.output<typeof FacebookUser>): SocialProfile {
  return { subject: `facebook:${me.id}`, email: null, username: nameOrNull(me.name) }
}
