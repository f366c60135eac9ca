import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError } from './errors.js'
import { loadConfig } from './load.js'

const dir = mkdtempSync(join(tmpdir(), 'portico-config-'))
const file = (name: string, content: string) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
const key32 = (byte: number) => Buffer.alloc(32, byte).toString('base64')
const JWK = JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' })

/** A production configuration that starts: one project, a real chain, secrets and SMTP. */
const PRODUCTION_FILE = () =>
  file(
    'prod.json',
    JSON.stringify({
      projects: [{ projectId: 'p1', name: 'Shop', allowedOrigins: ['https://shop.example'] }],
      rpcUrls: { 'eip155:1': ['https://rpc-a.example', 'https://rpc-b.example'] },
      secureFrame: { port: 8788, publicUrl: 'https://wallet.example' },
      smtp: { host: 'smtp.example', port: 465, user: 'portico' },
    }),
  )
const PRODUCTION_ENV = () => ({
  PORTICO_SIWX_SIGNING_KEY: JWK,
  PORTICO_SMTP_PASSWORD_FILE: file('smtp-password', 'hunter2-but-longer\n'),
  PORTICO_AUTH_SECRETS_OTP_KEY: key32(1),
  PORTICO_AUTH_SECRETS_SHARE_KEY: key32(2),
  PORTICO_AUTH_SECRETS_RECOVERY_KEY: key32(3),
  PORTICO_AUTH_SECRETS_JWT_KEY_FILE: file('jwt', key32(4)),
})

function problems(argv: string[], env: Record<string, string> = {}): string {
  try {
    loadConfig(argv, env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('the configuration was accepted')
}

describe('sources', () => {
  test('--dev: the devnet chains, the demo project, the sandbox onramp, the dev mail catcher and OpenID provider', () => {
    const config = loadConfig(['--dev'], {})
    expect(config.rpcUrls['eip155:31337']).toBe('http://127.0.0.1:8545')
    expect(config.projects.map((p) => p.projectId)).toEqual(['portico-dev'])
    expect(config.sandboxOnramp?.['eip155:31337']).toBeDefined()
    expect(config.devMailCatcher).toEqual({ port: 0 })
    expect(config.devIdentityProvider).toEqual({ port: 0 })
    expect(config.devRoutes).toBe(true)
  })

  test('defaults < file < PORTICO_* < flags; DATABASE_URL and REDIS_URL still read; secrets from *_FILE', () => {
    const config = loadConfig(['--config', PRODUCTION_FILE(), '--port', '9000'], {
      ...PRODUCTION_ENV(),
      PORTICO_PORT: '8000',
      PORTICO_HOST: '0.0.0.0',
      PORTICO_TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
      PORTICO_RELAY_RATE_LIMIT_PER_SECOND: '20',
      PORTICO_SMTP_SECURE: 'true',
      DATABASE_URL: 'postgres://portico@db/portico',
      REDIS_URL: 'redis://cache:6379',
    })
    expect(config.port).toBe(9000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1'])
    expect(config.relay?.rateLimit).toEqual({ perSecond: 20, burst: 300 })
    expect(config.smtp).toMatchObject({ host: 'smtp.example', port: 465, secure: true, user: 'portico', password: 'hunter2-but-longer' })
    expect(config.authSecrets?.jwtKey).toBe(key32(4))
    expect(config.databaseUrl).toBe('postgres://portico@db/portico')
    expect(config.redisUrl).toBe('redis://cache:6379')
    expect(config.rpcUrls['eip155:1']).toEqual(['https://rpc-a.example', 'https://rpc-b.example'])
    // No development value fills a gap of a production configuration.
    expect(config.sandboxOnramp).toBeUndefined()
    expect(config.prices).toEqual({})
    expect('sandboxOnramp' in config && 'swap' in config && 'chainAssets' in config).toBe(true)
  })

  test('PORTICO_RPC_URLS and --rpc: caip2=url pairs, a chain repeated for fallbacks; PORTICO_SMTP=host:port', () => {
    const config = loadConfig(['--dev', '--rpc', 'eip155:10=https://op.example'], {
      PORTICO_RPC_URLS: 'eip155:1=https://a.example,eip155:1=https://b.example',
      PORTICO_SMTP: 'mail.example:2525',
    })
    // The environment's and the flag's chains replace the devnet's; flags add to the environment's.
    expect(config.rpcUrls).toEqual({ 'eip155:1': ['https://a.example', 'https://b.example'], 'eip155:10': ['https://op.example'] })
    expect(config.smtp).toMatchObject({ host: 'mail.example', port: 2525 })
    expect(loadConfig(['--dev', '--rpc', 'eip155:10=https://op.example'], {}).rpcUrls).toEqual({ 'eip155:10': ['https://op.example'] })
  })
})

describe('every error names the key and what was expected', () => {
  test('a bad type', () => {
    expect(problems(['--dev'], { PORTICO_SMTP_HOST: 'mail', PORTICO_SMTP_PORT: 'abc' })).toBe(
      'portico: config smtp.port: expected a number from 1 to 65535, got "abc"',
    )
    expect(problems(['--dev', '--port', '70000'])).toBe('portico: config port: expected a number from 0 to 65535, got 70000')
    expect(problems(['--dev'], { PORTICO_LOG_LEVEL: 'loud' })).toMatch(/^portico: config logLevel: expected one of "fatal", .*got "loud"$/)
    expect(problems(['--dev'], { PORTICO_RPC_URLS: 'eip155:1' })).toMatch(/^portico: config rpcUrls: PORTICO_RPC_URLS "eip155:1": expected <caip2>=<http url>/)
  })

  test('an unknown key, in the file or nested', () => {
    expect(problems(['--dev', '--config', file('typo.json', '{"smtp": {"hots": "mail"}}')])).toContain(
      'portico: config smtp.hots: unknown key (expected one of host, port, secure, requireTls, user, password, from, timeoutMs)',
    )
    expect(problems(['--dev', '--config', file('top.json', '{"prot": 1}')])).toMatch(/^portico: config prot: unknown key/)
    expect(problems(['--dev', '--verbose'])).toBe('portico: config flag --verbose: unknown (see --help)')
  })

  test('a secret is never echoed', () => {
    expect(problems(['--dev'], { PORTICO_AUTH_SECRETS_JWT_KEY: 'not-32-bytes' })).toContain(
      'authSecrets.jwtKey: expected 32 bytes in base64, got (a secret, not shown)',
    )
  })

  test('without --dev: missing secrets, projects and SMTP stop the start', () => {
    const message = problems(['--config', file('frame.json', JSON.stringify({ secureFrame: { port: 8788 } }))])
    expect(message).toContain('portico: config projects: at least one project is required without --dev')
    expect(message).toContain('portico: config siwx.signingKey: required without --dev')
    expect(message).toContain('portico: config authSecrets: required without --dev when secureFrame is on')
    expect(message).toContain('portico: config smtp.host: required without --dev when secureFrame is on')
  })

  test('without --dev: a devnet (loopback) RPC URL, the sandbox onramp and dev parts stop the start', () => {
    const devnet = file('devnet.json', JSON.stringify({ rpcUrls: { 'eip155:31337': 'http://127.0.0.1:8545' }, devRoutes: true }))
    const { PORTICO_SMTP_PASSWORD_FILE: _, ...env } = PRODUCTION_ENV()
    const message = problems(['--config', devnet], { ...env, PORTICO_PROJECTS: JSON.stringify([{ projectId: 'p', name: 'P' }]) })
    expect(message).toContain("portico: config rpcUrls.eip155:31337: http://127.0.0.1:8545 is a local (devnet) URL; without --dev set the chain's real RPC URL")
    expect(message).toContain('portico: config devRoutes: the /dev routes is development only')
    const sandbox = file('sandbox.json', JSON.stringify({ sandboxOnramp: { 'eip155:1': { usdc: '0x1', minterPrivateKey: '0x2' } } }))
    expect(problems(['--config', sandbox], { ...env, PORTICO_PROJECTS: '[{"projectId":"p","name":"P"}]' })).toContain(
      'portico: config sandboxOnramp: the sandbox onramp (no real money) is development only',
    )
  })

  test('an unreadable *_FILE', () => {
    expect(problems(['--dev'], { PORTICO_SMTP_HOST: 'mail', PORTICO_SMTP_PASSWORD_FILE: join(dir, 'missing') })).toBe(
      `portico: config smtp.password: cannot read PORTICO_SMTP_PASSWORD_FILE=${join(dir, 'missing')} (ENOENT)`,
    )
  })

  test('a bad or missing JSON file', () => {
    expect(problems(['--config', file('bad.json', '{"port": 80,')])).toMatch(/^portico: config file --config: .*bad\.json is not valid JSON \(/)
    expect(problems(['--config', join(dir, 'nope.json')])).toBe(`portico: config file --config: cannot read ${join(dir, 'nope.json')} (ENOENT)`)
    expect(problems(['--config', file('list.json', '[]')])).toMatch(/must hold a JSON object$/)
    expect(problems(['--dev'], { PORTICO_CHAIN_ASSETS: '{nope' })).toMatch(/^portico: config chainAssets: PORTICO_CHAIN_ASSETS is not valid JSON/)
  })

  test('a production configuration with its secrets starts', () => {
    const config = loadConfig(['--config', PRODUCTION_FILE()], PRODUCTION_ENV())
    expect(config.secureFrame?.publicUrl).toBe('https://wallet.example')
    expect(config.publicUrl).toBe('http://127.0.0.1:8787')
  })
})
