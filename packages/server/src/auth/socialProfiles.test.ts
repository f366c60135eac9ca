import { describe, expect, it } from 'vitest'
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
  XUser,
  xProfile,
} from './socialProfiles.js'

/** Each provider's documented answer → subject `provider:id`, an email only when verified, a name. */
describe('provider mapping', () => {
  it('google: sub; email only with email_verified true', () => {
    const claims = IdTokenClaims.parse({ sub: '1099', email: 'a@example.com', email_verified: true, name: 'A' })
    expect(googleProfile(claims)).toEqual({ subject: 'google:1099', email: 'a@example.com', username: 'A' })
    expect(googleProfile(IdTokenClaims.parse({ sub: '1099', email: 'a@example.com', email_verified: false })).email).toBeNull()
    expect(googleProfile(IdTokenClaims.parse({ sub: '1099', email: 'a@example.com' })).email).toBeNull()
  })

  it('apple: sub; email_verified as the string "true" too; the name from the first form_post only', () => {
    const claims = IdTokenClaims.parse({ sub: '001.abc', email: 'x@privaterelay.appleid.com', email_verified: 'true' })
    const user = AppleUserField.parse({ name: { firstName: 'Ada', lastName: 'Lovelace' } })
    expect(appleProfile(claims, user)).toEqual({ subject: 'apple:001.abc', email: 'x@privaterelay.appleid.com', username: 'Ada Lovelace' })
    expect(appleProfile(IdTokenClaims.parse({ sub: '001.abc', email: 'x@y.z', email_verified: 'false' }))).toEqual({
      subject: 'apple:001.abc',
      email: null,
      username: null,
    })
  })

  it('github: numeric id; the primary verified email only (not the profile email, not a verified secondary)', () => {
    const user = GithubUser.parse({ id: 583231, login: 'octocat', name: 'The Octocat', email: 'public@example.com' })
    const emails = GithubEmails.parse([
      { email: 'second@example.com', primary: false, verified: true, visibility: null },
      { email: 'primary@example.com', primary: true, verified: false, visibility: 'public' },
    ])
    expect(githubProfile(user, emails)).toEqual({ subject: 'github:583231', email: null, username: 'octocat' })
    const verified = GithubEmails.parse([{ email: 'primary@example.com', primary: true, verified: true, visibility: 'public' }])
    expect(githubProfile(user, verified).email).toBe('primary@example.com')
  })

  it('discord: snowflake id; email only with verified true; global_name before username', () => {
    const body = { id: '80351110224678912', username: 'nelly', global_name: 'Nelly', email: 'n@example.com', verified: true }
    expect(discordProfile(DiscordUser.parse(body))).toEqual({ subject: 'discord:80351110224678912', email: 'n@example.com', username: 'Nelly' })
    expect(discordProfile(DiscordUser.parse({ ...body, verified: false })).email).toBeNull()
    expect(discordProfile(DiscordUser.parse({ id: '1', username: 'nelly' }))).toEqual({ subject: 'discord:1', email: null, username: 'nelly' })
  })

  it('x: data.id; never an email', () => {
    expect(xProfile(XUser.parse({ data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers' } }))).toEqual({
      subject: 'x:2244994945',
      email: null,
      username: 'XDevelopers',
    })
  })

  it('facebook: the app-scoped id; its email carries no verification, so it is not taken', () => {
    expect(facebookProfile(FacebookUser.parse({ id: '10158', name: 'Fay', email: 'f@example.com' }))).toEqual({
      subject: 'facebook:10158',
      email: null,
      username: 'Fay',
    })
  })

  it('refuses answers without the documented id', () => {
    expect(GithubUser.safeParse({ login: 'octocat' }).success).toBe(false)
    expect(DiscordUser.safeParse({ username: 'n' }).success).toBe(false)
    expect(XUser.safeParse({ id: '1', username: 'flat' }).success).toBe(false)
    expect(FacebookUser.safeParse({ name: 'no id' }).success).toBe(false)
    expect(IdTokenClaims.safeParse({ email: 'a@b.c' }).success).toBe(false)
  })
})
