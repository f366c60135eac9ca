// @vitest-environment node
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestServer } from '../testing.js'
import { reconcileSponsorships, remainingBudget, reserveSponsorship } from './budget.js'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ rpcUrls: {}, indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 } })
})
afterAll(() => server?.close())

const limits = { perUserPerDayWei: 1000n, perProjectPerDayWei: 10_000n, perProjectPerMinute: 100 }
const scope = { projectId: 'p', userId: 'u', caip2: 'eip155:31337', limits }

test('behavior: a reservation counts until the UserOperationEvent settles it, even after its signature expired; then its actual cost counts', async () => {
  const now = new Date('2026-11-27T10:00:00Z')
  const reservation = {
    userOpHash: '0xaa',
    projectId: 'p',
    caip2: 'eip155:31337',
    userId: 'u',
    sender: '0x1',
    reservedWei: 600n,
    validUntil: new Date(now.getTime() + 600_000),
  }
  expect(await reserveSponsorship(server.ctx.db, reservation, { limits, now })).toEqual({ ok: true })
  // An hour later the signature is dead, but the server cannot tell it was never sent: it still counts.
  const later = new Date(now.getTime() + 3_600_000)
  expect((await remainingBudget(server.ctx.db, { ...scope, now: later })).userRemainingWei).toBe(400n)
  expect(await reserveSponsorship(server.ctx.db, { ...reservation, userOpHash: '0xbb' }, { limits, now: later })).toMatchObject({
    ok: false,
    reason: 'user',
    remainingWei: 400n,
  })
  // The indexer saw it: 250 wei.
  await reconcileSponsorships(server.ctx.db, 'eip155:31337', [{ userOpHash: '0xaa', actualGasCost: 250n }])
  expect((await remainingBudget(server.ctx.db, { ...scope, now: later })).userRemainingWei).toBe(750n)
  // The next UTC day starts afresh.
  expect((await remainingBudget(server.ctx.db, { ...scope, now: new Date('2026-11-28T00:00:01Z') })).userRemainingWei).toBe(1000n)
})
