import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SocialProviders } from '@portico/core/spec'
import { DEV_PROJECT, type ProjectConfig } from '../config.js'
import { startTestServer } from '../testing.js'
import { resolveRemoteFeatures } from './routes.js'

// Unique ids: test servers may share one PostgreSQL database.
const suffix = Math.random().toString(36).slice(2, 10)
const custom: ProjectConfig = {
  projectId: `custom-${suffix}`,
  name: 'Custom',
  allowedOrigins: ['https://app.example', 'http://127.0.0.1:*'],
  features: { swaps: false, onramp: ['coinbase', 'meld'], socials: ['google', 'github'], email: false, multiWallet: true, payments: { isEnabled: true } },
  analytics: false,
}

const githubOnly: ProjectConfig = { ...custom, projectId: `github-${suffix}`, features: { socials: ['github'] } }

// Startup (PGlite + migrations) can be slow on a loaded machine, hence the hook timeouts.
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({
    projects: [DEV_PROJECT, custom, githubOnly],
    rpcUrls: { 'eip155:31337': 'http://127.0.0.1:8545', 'eip155:31338': 'http://127.0.0.1:8546' },
    rateLimits: { perIpPerMinute: 10_000, perProjectPerMinute: 10_000 },
  })
}, 120_000)
afterAll(() => server?.close(), 60_000)

const get = async (path: string, projectId = DEV_PROJECT.projectId, extra = '') => {
  const res = await fetch(`${server.url}${path}?projectId=${projectId}&st=appkit&sv=html-wagmi-4.0.0${extra}`)
  return { status: res.status, body: await res.json() }
}

describe('GET /appkit/v1/config', () => {
  test('a project without overrides gets the SPEC §9 defaults', async () => {
    const { status, body } = await get('/appkit/v1/config')
    expect(status).toBe(200)
    expect(body).toEqual({
      features: [
        { id: 'swaps', isEnabled: true, config: ['sandbox'] },
        { id: 'onramp', isEnabled: true, config: ['sandbox'] },
        { id: 'email', isEnabled: true, config: null },
        // No embedded wallet on this server (no secure frame): no social sign-in can complete here.
        { id: 'socials', isEnabled: false, config: [] },
        { id: 'activity', isEnabled: true, config: null },
        { id: 'branding', isEnabled: true, config: null },
        { id: 'multiWallet', isEnabled: false, config: null },
        { id: 'emailCapture', isEnabled: false, config: null },
        { id: 'payWithExchange', isEnabled: false, config: null },
        { id: 'payments', isEnabled: false, config: null },
      ],
    })
  })

  test("a project's features override the defaults", async () => {
    const { body } = await get('/appkit/v1/config', custom.projectId)
    const byId = Object.fromEntries(body.features.map((f: { id: string }) => [f.id, f]))
    expect(byId.swaps).toEqual({ id: 'swaps', isEnabled: false, config: [] })
    expect(byId.onramp).toEqual({ id: 'onramp', isEnabled: true, config: ['coinbase', 'meld'] })
    expect(byId.socials).toEqual({ id: 'socials', isEnabled: false, config: [] })
    expect(byId.email).toEqual({ id: 'email', isEnabled: false, config: null })
    expect(byId.multiWallet.isEnabled).toBe(true)
    expect(byId.payments.isEnabled).toBe(true)
    expect(byId.activity.isEnabled).toBe(true)
  })

  test('resolveRemoteFeatures ignores ill-typed values and unknown ids', () => {
    const features = resolveRemoteFeatures({ email: 'yes', socials: [1, 2], swaps: { isEnabled: false }, bogus: true, onramp: true })
    expect(features.find((f) => f.id === 'email')).toEqual({ id: 'email', isEnabled: true, config: null })
    expect(features.find((f) => f.id === 'socials')?.config).toEqual([...SocialProviders])
    expect(features.find((f) => f.id === 'swaps')).toEqual({ id: 'swaps', isEnabled: false, config: [] })
    expect(features.find((f) => f.id === 'onramp')).toEqual({ id: 'onramp', isEnabled: true, config: ['sandbox'] })
    expect(features.some((f) => f.id === 'bogus')).toBe(false)
    expect(resolveRemoteFeatures({ socials: [] }).find((f) => f.id === 'socials')).toEqual({ id: 'socials', isEnabled: false, config: [] })
    const only = (overrides: Record<string, unknown>, servable: string[]) => resolveRemoteFeatures(overrides, new Set(servable)).find((f) => f.id === 'socials')
    expect(only({}, ['x', 'google'])).toEqual({ id: 'socials', isEnabled: true, config: ['google', 'x'] })
    expect(only({ socials: false }, ['google'])).toEqual({ id: 'socials', isEnabled: false, config: [] })
  })
})

describe('remote socials: only the providers this server can complete', () => {
  // A server with the embedded wallet: google configured (a real client config; nothing is called
  // until a sign-in starts), discord through the dev OpenID provider standing in for it alone,
  // farcaster's relay configured; github, apple, x and facebook configured nowhere.
  let embedded: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    embedded = await startTestServer({
      projects: [DEV_PROJECT, custom, githubOnly],
      secureFrame: { port: 0 },
      socialProviders: { google: { clientId: 'portico-test.apps.example', clientSecret: 'test-secret', scope: 'openid email profile' } },
      devIdentityProvider: { port: 0, standsInFor: ['discord'] },
      farcaster: { relayUrl: 'https://relay.farcaster.example', optimismRpcUrl: 'https://optimism.example', timeoutMs: 1_000 },
      indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    })
  }, 120_000)
  afterAll(() => embedded?.close(), 60_000)

  const socials = async (projectId: string) => {
    const res = await fetch(`${embedded.url}/appkit/v1/config?projectId=${projectId}&st=appkit&sv=html-wagmi-4.0.0`)
    expect(res.status).toBe(200)
    return (await res.json()).features.find((f: { id: string }) => f.id === 'socials')
  }

  test('configured, stood in for by the dev provider, and farcaster with its relay: listed in SPEC order; the rest are not', async () => {
    expect(await socials(DEV_PROJECT.projectId)).toEqual({ id: 'socials', isEnabled: true, config: ['google', 'discord', 'farcaster'] })
  })

  test("the project's own list is narrowed to what the server completes", async () => {
    expect(await socials(custom.projectId)).toEqual({ id: 'socials', isEnabled: true, config: ['google'] })
  })

  test('a project whose providers are none of those gets socials off', async () => {
    expect(await socials(githubOnly.projectId)).toEqual({ id: 'socials', isEnabled: false, config: [] })
  })
})

describe('project settings', () => {
  test('GET /projects/v1/origins lists the allowed origins', async () => {
    expect(await get('/projects/v1/origins')).toEqual({ status: 200, body: { allowedOrigins: DEV_PROJECT.allowedOrigins } })
    expect((await get('/projects/v1/origins', custom.projectId)).body).toEqual({ allowedOrigins: custom.allowedOrigins })
  })

  test('GET /getAnalyticsConfig follows the project switch', async () => {
    expect(await get('/getAnalyticsConfig')).toEqual({ status: 200, body: { isAnalyticsEnabled: true } })
    expect((await get('/getAnalyticsConfig', custom.projectId)).body).toEqual({ isAnalyticsEnabled: false })
  })

  test('GET /v1/supported-chains lists the chains with RPC', async () => {
    expect(await get('/v1/supported-chains')).toEqual({ status: 200, body: { http: ['eip155:31337', 'eip155:31338'], ws: [] } })
  })

  test('error: missing project 400, unknown 403, bad common params 400', async () => {
    for (const path of ['/appkit/v1/config', '/projects/v1/origins', '/getAnalyticsConfig', '/v1/supported-chains']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(400)
      expect((await get(path, 'nope')).status, path).toBe(403)
      expect((await get(path, 'x'.repeat(500))).status, path).toBe(403)
      const longSv = await get(path, DEV_PROJECT.projectId, `&sv=${'9'.repeat(65)}`)
      expect(longSv.status, path).toBe(400)
      expect(longSv.body.reasons[0].description).toMatch(/^sv:/)
      expect((await get(path, DEV_PROJECT.projectId, `&clientId=${'c'.repeat(300)}`)).status, path).toBe(400)
    }
  })
})

test('the OpenAPI document describes these routes', async () => {
  const doc = await (await fetch(`${server.url}/openapi.json`)).json()
  for (const path of ['/getWallets', '/appkit/v1/config', '/projects/v1/origins', '/getAnalyticsConfig', '/v1/supported-chains', '/e'])
    expect(Object.keys(doc.paths)).toContain(path)
  expect(doc.paths['/getWallets'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['projectId', 'page', 'entries', 'search', 'include', 'exclude', 'chains', 'rdns']),
  )
})
