import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEV_PROJECT } from '../config.js'
import { startTestServer } from '../testing.js'
import { DEFAULT_AUTH_SETTINGS } from './settings.js'
import { claimFactorTry, factorDelayMs, factorTryWasRight, waitText } from './factorTries.js'
import type { Session } from './sessions.js'
import { AuthError, authOf, type Auth } from './state.js'

/**
 * The limits on wrong factor proofs (issue 28), on the real database: PGlite by default,
 * PostgreSQL with PORTICO_TEST_DATABASE_URL (where the parallel claims race for real).
 */
let now = Date.now()
let server: Awaited<ReturnType<typeof startTestServer>>
let auth: Auth

beforeAll(async () => {
  server = await startTestServer({
    projects: [DEV_PROJECT],
    secureFrame: { port: 0 },
    rpcUrls: {},
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    auth: { now: () => now },
  })
  auth = authOf(server.ctx)!
}, 60_000)
afterAll(() => server?.close())

const sessionOf = (userId: string, deviceId: string) => ({ userId, deviceId }) as Session
const newUser = () => `user-${crypto.randomUUID()}`

/** Claims a try and treats it as wrong; the refusal (429) is returned, not thrown. */
async function wrongTry(session: Session) {
  try {
    await claimFactorTry(auth, session)
    return 'checked' as const
  } catch (error) {
    if (error instanceof AuthError && error.status === 429) return error
    throw error
  }
}

describe('factor tries', () => {
  test('default: 3 free wrong proofs per device, then 1 min doubling to at most a day; 10 per user', () => {
    const s = DEFAULT_AUTH_SETTINGS
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => factorDelayMs(s, n, s.factorFreeTriesPerDevice) / 1000)).toEqual([0, 0, 0, 60, 120, 240, 480])
    expect(factorDelayMs(s, 60, s.factorFreeTriesPerDevice)).toBe(24 * 3600_000)
    expect(factorDelayMs(s, 10, s.factorFreeTriesPerUser)).toBe(60_000)
    expect([1000, 45_000, 60_000, 61_000, 89 * 60_000, 2 * 3600_000].map(waitText)).toEqual([
      '1 second',
      '45 seconds',
      '1 minute',
      '2 minutes',
      '89 minutes',
      '2 hours',
    ])
  })

  test('behavior: 20 parallel wrong tries from one device get exactly its 3 free ones, even while another connection holds the rows', async () => {
    const user = newUser()
    const session = sessionOf(user, 'device-a')
    // PostgreSQL: hold the user's row from a connection of its own, so that all 20 claims are in
    // flight together when it lets go (PGlite has one connection: its claims queue anyway).
    await auth.ctx.db.query(`insert into auth_factor_tries (user_id, device_id) values ($1, '') on conflict do nothing`, [user])
    const holder = await auth.ctx.db.dedicated()
    await holder?.query('begin')
    await holder?.query(`select 1 from auth_factor_tries where user_id = $1 and device_id = '' for update`, [user])
    const results = Promise.all(Array.from({ length: 20 }, () => wrongTry(session)))
    await new Promise((r) => setTimeout(r, 300))
    await holder?.query('commit')
    await holder?.close()
    const outcomes = await results
    expect(outcomes.filter((o) => o === 'checked')).toHaveLength(3)
    const refused = outcomes.filter((o): o is AuthError => o !== 'checked')
    expect(refused).toHaveLength(17)
    for (const error of refused) {
      expect(error.code).toBe('factorRetryLater')
      expect(error.retry).toEqual({ at: now + 60_000, seconds: 60 })
      expect(error.message).toBe('Too many wrong tries. Try again in 1 minute')
    }
    const [row] = await auth.ctx.db.query<{ failures: number }>('select failures from auth_factor_tries where user_id = $1 and device_id = $2', [
      user,
      'device-a',
    ])
    expect(row!.failures).toBe(3)
  })

  test("behavior: past the user's free tries a failed device waits for the user's count too, a device that has not failed never does", async () => {
    const user = newUser()
    // 10 wrong tries spread over 4 devices (each within its own free tries)...
    for (const [device, count] of [
      ['a', 3],
      ['b', 3],
      ['c', 3],
      ['d', 1],
    ] as const)
      for (let i = 0; i < count; i++) expect(await wrongTry(sessionOf(user, device))).toBe('checked')
    // ...so 'd', with free tries of its own left, waits for the user's count (1 min after the 10th).
    const held = await wrongTry(sessionOf(user, 'd'))
    expect(held).toBeInstanceOf(AuthError)
    expect((held as AuthError).retry?.seconds).toBe(60)
    // A device that has not failed is checked at once, and a right proof gives the try back.
    const owner = sessionOf(user, 'owner')
    const counted = await claimFactorTry(auth, owner)
    await factorTryWasRight(auth, owner, counted)
    const rows = await auth.ctx.db.query<{ device_id: string; failures: number }>(
      `select device_id, failures from auth_factor_tries where user_id = $1 and device_id in ('', 'owner') order by device_id`,
      [user],
    )
    expect(rows.map((r) => [r.device_id, Number(r.failures)])).toEqual([
      ['', 10],
      ['owner', 0],
    ])
    // The owner's device, still clean, is let through again at once; 'd' after the wait.
    await factorTryWasRight(auth, owner, await claimFactorTry(auth, owner))
    now += 60_000
    expect(await wrongTry(sessionOf(user, 'd'))).toBe('checked')
    // Forgotten after a week without a wrong try.
    now += 7 * 24 * 3600_000 + 1
    for (let i = 0; i < 3; i++) expect(await wrongTry(sessionOf(user, 'a'))).toBe('checked')
  })
})
