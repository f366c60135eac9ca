import { describe, expect, test } from 'vitest'
import { frameClient, randomDeviceId } from '../auth/testing.js'
import { startTestServer } from '../testing.js'
import { maskEmail } from './logger.js'

describe('structured logs (real server)', () => {
  test('one JSON line per request; across an email login no OTP, token, secret or full email is logged', async () => {
    const lines: string[] = []
    const server = await startTestServer({
      secureFrame: { port: 0 },
      devMailCatcher: { port: 0 },
      devRoutes: true,
      indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
      logDestination: { write: (line: string) => void lines.push(line) },
    })
    try {
      const client = frameClient(server, 'portico-dev')
      const email = 'log-check@example.com'
      const deviceId = randomDeviceId()
      const start = await client.call<{ challengeId: string }>('/auth/email/start', { email, deviceId })
      const otp = client.codeIn(await client.latestMail(email))
      const wrong = otp === '000000' ? '111111' : '000000'
      expect((await client.call('/auth/email/verify', { challengeId: start.body.challengeId, otp: wrong, deviceId })).status).toBe(400)
      const verified = await client.call<Record<string, unknown>>('/auth/email/verify', { challengeId: start.body.challengeId, otp, deviceId })
      expect(verified.status).toBe(200)
      const answer = await fetch(`${server.url}/health`, { headers: { 'x-request-id': 'trace-abc.1' } })
      expect(answer.headers.get('x-request-id')).toBe('trace-abc.1')

      const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
      const requests = records.filter((r) => r.msg === 'request')
      expect(requests.find((r) => r.requestId === 'trace-abc.1')).toMatchObject({ method: 'GET', route: '/health', status: 200 })
      expect(requests.find((r) => r.route === '/auth/email/start')).toMatchObject({ method: 'POST', status: 200, projectId: 'portico-dev' })
      for (const r of requests) expect(typeof r.ms).toBe('number')

      // Auth events: the code sent, the wrong code, the login; the email only masked.
      expect(records.find((r) => r.event === 'auth.code_sent')).toMatchObject({ email: maskEmail(email), projectId: 'portico-dev', purpose: 'login' })
      expect(records.find((r) => r.event === 'auth.login_failed')).toMatchObject({ method: 'email', reason: expect.any(String) })
      expect(records.find((r) => r.event === 'auth.login')).toMatchObject({ method: 'email', projectId: 'portico-dev', userId: expect.any(String) })

      const all = lines.join('\n')
      expect(all).not.toContain(email)
      expect(all).not.toContain(otp)
      for (const value of Object.values(verified.body)) if (typeof value === 'string' && value.length >= 16) expect(all).not.toContain(value)
    } finally {
      await server.close()
    }
  })

  test('an email is masked to a hash and its domain', () => {
    expect(maskEmail('Alice@Example.com')).toMatch(/^[0-9a-f]{12}@Example\.com$/)
    expect(maskEmail('alice@example.com').split('@')[0]).toBe(maskEmail('ALICE@example.com').split('@')[0])
  })
})
