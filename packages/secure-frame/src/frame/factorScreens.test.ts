import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from './api.js'
import { UserRejectedRequestError } from './errors/rpc.js'
import { FactorCancelled, factorErrorText } from './factorScreens.js'
import { setFrameLocale } from './i18n/index.js'

describe('factor screen errors (issue 28: wrong factor proofs)', () => {
  afterEach(() => setFrameLocale('en'))

  it('behavior: a refused try (429) says when to try again, in the frame language', async () => {
    const refused = new ApiError('Too many wrong tries. Try again in 5 minutes', 429, 'factorRetryLater', 300)
    expect(factorErrorText(refused)).toBe('Too many wrong tries. Try again in 5 minutes.')
    expect(factorErrorText(new ApiError('x', 429, 'factorRetryLater', 45))).toBe('Too many wrong tries. Try again in 45 seconds.')
    expect(factorErrorText(new ApiError('x', 429, 'factorRetryLater', 4 * 3600))).toBe('Too many wrong tries. Try again in 4 hours.')
    await setFrameLocale('de')
    expect(factorErrorText(refused)).toBe('Zu viele falsche Versuche. Versuche es in 5 Minuten erneut.')
    await setFrameLocale('ja')
    expect(factorErrorText(refused)).toBe('間違った試行が多すぎます。5 分後にもう一度お試しください。')
  })

  it("behavior: a wrong proof shows the server's text, as before", () => {
    expect(factorErrorText(new ApiError('Wrong password', 403, 'factorWrong', 60))).toBe('Wrong password')
  })
})

describe('factor screen refusals', () => {
  it("error: leaving a factor screen is a user rejection (4001), its message the frame's own", () => {
    const cancelled = new FactorCancelled()
    expect(cancelled).toBeInstanceOf(UserRejectedRequestError)
    expect({ code: cancelled.code, message: cancelled.message }).toEqual({ code: 4001, message: 'Cancelled' })
  })
})
