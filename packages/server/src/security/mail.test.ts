import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { frameClient, randomDeviceId } from '../auth/testing.js'
import type { AuthSettings } from '../config.js'
import { startTestRedis, type TestRedis } from '../relay/testing.js'
import { startTestServer } from '../testing.js'

/**
 * Attack: mail-send limits that are checked, then counted, let parallel requests race past
 * them (a mail bomb, and more codes to guess at); and answers that differ by account tell an
 * attacker which emails have a wallet. Each test runs the attack against a real server and
 * counts what the dev mail catcher received. The race shows on PostgreSQL
 * (PORTICO_TEST_DATABASE_URL, as CI runs the suite) and across instances; an in-memory PGlite runs
 * one query at a time, which hides most of it.
 */
type Server = Awaited<ReturnType<typeof startTestServer>>
const PARALLEL = 20

async function authServer(auth: Partial<AuthSettings>, extra: Parameters<typeof startTestServer>[0] = {}) {
  return startTestServer({
    secureFrame: { port: 0 },
    devMailCatcher: { port: 0 },
    devRoutes: true,
    rpcUrls: {},
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
    auth,
    ...extra,
  })
}

const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`

/** Fires PARALLEL login starts for one email at once; answers their statuses and the mails that arrived. */
async function burst(server: Server, email: string) {
  const client = frameClient(server)
  const answers = await Promise.all(Array.from({ length: PARALLEL }, () => client.call('/auth/email/start', { email, deviceId: randomDeviceId() })))
  await new Promise((r) => setTimeout(r, 300)) // the catcher stores what SMTP delivered
  return { answers, mails: (await client.inbox(email)).length }
}

/** A user with a wallet, as the first device would leave it (rows only: no key material is needed to be found). */
async function seedWallet(server: Server, email: string) {
  const id = `u-${crypto.randomUUID()}`
  await server.db.query('insert into auth_users (id, email) values ($1, $2)', [id, email])
  await server.db.query("insert into auth_identities (provider, subject, user_id, email, email_verified) values ('email', $1, $2, $1, true)", [email, id])
  await server.db.query('insert into auth_wallets (user_id, secret_hash, addresses) values ($1, $2, $3)', [
    id,
    'x'.repeat(64),
    JSON.stringify({ eip155: '0x0000000000000000000000000000000000000001' }),
  ])
}

describe('attack: racing the mail-send limits', () => {
  let server: Server
  beforeAll(async () => {
    server = await authServer({ sendsPerHourPerIp: 1000 })
  }, 60_000)
  afterAll(() => server?.close())

  test(`${PARALLEL} parallel sends to one address: one mail (the 30 s cooldown), the rest 429`, async () => {
    const { answers, mails } = await burst(server, unique('cooldown'))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(PARALLEL - 1)
    expect(mails).toBe(1)
  })

  test(`${PARALLEL} parallel wrong codes: at most 5 are tried, and the right code is refused after them`, async () => {
    const client = frameClient(server)
    const email = unique('guess')
    const deviceId = randomDeviceId()
    const start = await client.call<{ challengeId: string }>('/auth/email/start', { email, deviceId })
    expect(start.status).toBe(200)
    const code = client.codeIn(await client.latestMail(email))
    const wrong = code === '000000' ? '111111' : '000000'
    const tries = await Promise.all(
      Array.from({ length: PARALLEL }, () => client.call('/auth/email/verify', { challengeId: start.body.challengeId, otp: wrong, deviceId })),
    )
    expect(tries.filter((t) => t.body.error === 'Invalid code').length).toBeLessThanOrEqual(5)
    expect(tries.filter((t) => t.status === 429).length).toBeGreaterThanOrEqual(PARALLEL - 5)
    const right = await client.call('/auth/email/verify', { challengeId: start.body.challengeId, otp: code, deviceId })
    expect(right.status).toBe(429)
  })
})

describe('attack: racing the hourly limits', () => {
  let server: Server
  beforeAll(async () => {
    server = await authServer({ sendCooldownMs: 0, sendsPerHourPerEmail: 5, sendsPerHourPerIp: 8 })
  }, 60_000)
  afterAll(() => server?.close())

  test(`${PARALLEL} parallel sends, no cooldown: exactly the hourly limit per email (5) is mailed`, async () => {
    const { answers, mails } = await burst(server, unique('hourly'))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5)
    expect(mails).toBe(5)
  })

  test(`${PARALLEL} parallel sends to different emails from one IP: at most the per-IP limit is mailed`, async () => {
    const client = frameClient(server)
    const emails = Array.from({ length: PARALLEL }, (_, i) => unique(`ip${i}`))
    const answers = await Promise.all(emails.map((email) => client.call('/auth/email/start', { email, deviceId: randomDeviceId() })))
    // 5 of this IP's 8 went to the test above.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3)
    await new Promise((r) => setTimeout(r, 300))
    const mails = (await Promise.all(emails.map(async (e) => (await client.inbox(e)).length))).reduce((a, b) => a + b, 0)
    expect(mails).toBe(3)
  })
})

describe('attack: racing the limits across instances (REDIS_URL)', () => {
  let redis: TestRedis | null
  beforeAll(async () => {
    redis = await startTestRedis()
  })
  afterAll(() => redis?.stop())

  test(`${PARALLEL} parallel sends split over two instances sharing Redis: one mail`, async (ctx) => {
    if (!redis) {
      console.warn('redis-server is not installed: skipping (.ci/run installs it)')
      return ctx.skip()
    }
    const a = await authServer({ sendsPerHourPerIp: 1000 }, { redisUrl: redis.url })
    // The second instance mails through the first one's catcher: one inbox counts both.
    const b = await authServer(
      { sendsPerHourPerIp: 1000 },
      {
        redisUrl: redis.url,
        devMailCatcher: undefined,
        smtp: { host: '127.0.0.1', port: a.embedded!.mailCatcherPort!, requireTls: false, from: 'Portico <no-reply@portico.localhost>', timeoutMs: 10_000 },
      },
    )
    try {
      const email = unique('redis')
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => frameClient(i % 2 ? b : a).call('/auth/email/start', { email, deviceId: randomDeviceId() })),
      )
      expect(answers.filter((x) => x.status === 200)).toHaveLength(1)
      await new Promise((r) => setTimeout(r, 300))
      expect((await frameClient(a).inbox(email)).length).toBe(1)
    } finally {
      await a.close()
      await b.close()
    }
  })
})

describe('attack: telling from the answers which emails have a wallet', () => {
  let server: Server
  beforeAll(async () => {
    server = await authServer({ sendsPerHourPerIp: 1000 })
  }, 60_000)
  afterAll(() => server?.close())

  /**
   * The answer without its random ids, and with the cooldown's seconds as N: they count down with
   * the clock from the moment the send was counted, which is before the account is looked up.
   */
  const shape = (a: { status: number; body: Record<string, unknown> }) => ({
    status: a.status,
    body: Object.fromEntries(
      Object.entries(a.body).map(([k, v]) => [k, /Id$/.test(k) ? typeof v : typeof v === 'string' ? v.replace(/after \d+ seconds/, 'after N seconds') : v]),
    ),
  })

  test('the limits answer the same, by status and body, whether or not the email has a wallet', async () => {
    const withWallet = unique('owner')
    await seedWallet(server, withWallet)
    const nobody = unique('nobody')
    const [owner, stranger] = [await burst(server, withWallet), await burst(server, nobody)]
    const refusals = (answers: typeof owner.answers) => answers.filter((a) => a.status !== 200).map(shape)
    expect(refusals(owner.answers)).toEqual(refusals(stranger.answers))
    expect(owner.mails).toBe(stranger.mails)

    const client = frameClient(server)
    for (const email of ['not-an-email', `${'a'.repeat(250)}@example.com`]) {
      const bad = await client.call('/auth/email/start', { email, deviceId: randomDeviceId() })
      expect(bad.status).toBe(400)
    }
  })

  test('the first answer for a new device has the same status and fields, at a similar speed', async () => {
    const client = frameClient(server)
    const timed = async (email: string) => {
      const at = performance.now()
      const answer = await client.call('/auth/email/start', { email, deviceId: randomDeviceId() })
      return { answer: shape(answer), ms: performance.now() - at }
    }
    const owners: Array<Awaited<ReturnType<typeof timed>>> = []
    const strangers: Array<Awaited<ReturnType<typeof timed>>> = []
    for (let i = 0; i < 5; i++) {
      const email = unique(`owner${i}`)
      await seedWallet(server, email)
      owners.push(await timed(email))
      strangers.push(await timed(unique(`nobody${i}`)))
    }
    expect(owners.map((o) => o.answer.status)).toEqual(strangers.map((s) => s.answer.status))
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
    expect(Math.abs(median(owners.map((o) => o.ms)) - median(strangers.map((s) => s.ms)))).toBeLessThan(250)
  })

  test('a known wallet on a new device and an unknown email get the same answer to the start (VERIFY_OTP); the device approval comes after the code', async () => {
    const client = frameClient(server)
    const email = unique('device')
    await seedWallet(server, email)
    const owner = await client.call('/auth/email/start', { email, deviceId: randomDeviceId() })
    const stranger = await client.call('/auth/email/start', { email: unique('stranger'), deviceId: randomDeviceId() })
    expect(shape(owner)).toEqual(shape(stranger))
  })
})
