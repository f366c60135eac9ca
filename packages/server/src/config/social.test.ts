import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError } from './errors.js'
import { loadConfig } from './load.js'

/** The social login part of the configuration: every provider's keys, their errors and secrets from files. */
const dir = mkdtempSync(join(tmpdir(), 'portico-social-config-'))
const file = (name: string, content: string) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
const P8 = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n'

function refused(argv: string[], env: Record<string, string>): string {
  try {
    loadConfig(argv, env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('the configuration was accepted')
}

describe('socialProviders', () => {
  test('every provider from the environment, secrets from *_FILE (Apple: team id, key id and the .p8 key)', () => {
    const config = loadConfig(['--dev'], {
      PORTICO_SOCIAL_PROVIDERS_GOOGLE_CLIENT_ID: 'g.apps.googleusercontent.com',
      PORTICO_SOCIAL_PROVIDERS_GOOGLE_CLIENT_SECRET_FILE: file('google', 'g-secret\n'),
      PORTICO_SOCIAL_PROVIDERS_APPLE_CLIENT_ID: 'com.example.web',
      PORTICO_SOCIAL_PROVIDERS_APPLE_TEAM_ID: 'ABCDE12345',
      PORTICO_SOCIAL_PROVIDERS_APPLE_KEY_ID: 'KEY0123456',
      PORTICO_SOCIAL_PROVIDERS_APPLE_PRIVATE_KEY_FILE: file('apple.p8', P8),
      PORTICO_SOCIAL_PROVIDERS_GITHUB_CLIENT_ID: 'Iv1.abc',
      PORTICO_SOCIAL_PROVIDERS_GITHUB_CLIENT_SECRET: 'gh-secret',
      PORTICO_SOCIAL_PROVIDERS_DISCORD_CLIENT_ID: '1234',
      PORTICO_SOCIAL_PROVIDERS_DISCORD_CLIENT_SECRET: 'd-secret',
      PORTICO_SOCIAL_PROVIDERS_X_CLIENT_ID: 'x-client',
      PORTICO_SOCIAL_PROVIDERS_FACEBOOK_CLIENT_ID: '987',
      PORTICO_SOCIAL_PROVIDERS_FACEBOOK_CLIENT_SECRET: 'fb-secret',
    })
    expect(config.socialProviders?.google?.clientSecret).toBe('g-secret')
    expect(config.socialProviders?.apple).toMatchObject({ teamId: 'ABCDE12345', keyId: 'KEY0123456' })
    expect(config.socialProviders?.apple?.privateKey).toContain('BEGIN PRIVATE KEY')
    expect(config.socialProviders?.x?.clientSecret).toBeUndefined() // a public client (PKCE only)
    expect(Object.keys(config.socialProviders ?? {}).sort()).toEqual(['apple', 'discord', 'facebook', 'github', 'google', 'x'])
  })

  test('a provider without its secret, a bad Apple team id or key, an unknown key: named, with what was expected', () => {
    const message = refused(['--dev'], {
      PORTICO_SOCIAL_PROVIDERS_GITHUB_CLIENT_ID: 'Iv1.abc',
      PORTICO_SOCIAL_PROVIDERS_APPLE_CLIENT_ID: 'com.example.web',
      PORTICO_SOCIAL_PROVIDERS_APPLE_TEAM_ID: 'team',
      PORTICO_SOCIAL_PROVIDERS_APPLE_KEY_ID: 'KEY0123456',
      PORTICO_SOCIAL_PROVIDERS_APPLE_PRIVATE_KEY: 'not a key',
      PORTICO_SOCIAL_PROVIDERS_GOOGLE_CLIENT_ID: 'g',
      PORTICO_SOCIAL_PROVIDERS_GOOGLE_CLIENT_SECRET: 'g',
      PORTICO_SOCIAL_PROVIDERS_GOOGLE_TOKEN_ENDPOINT: 'ftp://token',
    })
    expect(message).toContain('socialProviders.github.clientSecret')
    expect(message).toContain('the client secret the provider issued')
    expect(message).toContain('socialProviders.apple.teamId')
    expect(message).toContain('the 10-character Apple team id')
    expect(message).toContain('socialProviders.apple.privateKey')
    expect(message).toContain('socialProviders.google.tokenEndpoint')
    expect(message).toContain('expected an http(s) URL')
  })

  test('without --dev, a provider endpoint on a local or plain-http URL is refused', () => {
    const message = refused([], {
      PORTICO_SOCIAL_PROVIDERS_DISCORD_CLIENT_ID: '1',
      PORTICO_SOCIAL_PROVIDERS_DISCORD_CLIENT_SECRET: 's',
      PORTICO_SOCIAL_PROVIDERS_DISCORD_TOKEN_ENDPOINT: 'http://127.0.0.1:9/token',
      PORTICO_FARCASTER_OPTIMISM_RPC_URL: 'http://127.0.0.1:8545',
    })
    expect(message).toContain("socialProviders.discord.tokenEndpoint: http://127.0.0.1:9/token is not the provider's https endpoint")
    expect(message).toContain('farcaster.optimismRpcUrl: http://127.0.0.1:8545 is a local chain')
  })
})

describe('farcaster', () => {
  test('relay URL defaults to the Farcaster relay; the Optimism RPC is required; the domain is checked', () => {
    const config = loadConfig(['--dev'], { PORTICO_FARCASTER_OPTIMISM_RPC_URL: 'https://mainnet.optimism.io' })
    expect(config.farcaster).toMatchObject({ relayUrl: 'https://relay.farcaster.xyz', optimismRpcUrl: 'https://mainnet.optimism.io', timeoutMs: 10_000 })
    const message = refused(['--dev'], { PORTICO_FARCASTER_RELAY_URL: 'https://relay.example', PORTICO_FARCASTER_DOMAIN: 'not a domain/' })
    expect(message).toContain('farcaster.optimismRpcUrl')
    expect(message).toContain('farcaster.domain')
    expect(message).toContain('a host name (the SIWF message domain)')
  })
})
