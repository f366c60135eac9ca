import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { combinePair, deriveKeys, eip155Keys, evmPrivateKey, keyProofMessage, newEntropy, secretHash, solanaKeys, splitPair } from '@portico/secure-frame'
import { startTestServer } from '../testing.js'
import { deviceById, frameClient, randomDeviceId } from './testing.js'

const keyFamilies = { eip155: eip155Keys, solana: solanaKeys }
type Server = Awaited<ReturnType<typeof startTestServer>>
type TokensBody = { accessToken: string; refreshToken: string; expiresIn: number }

let server: Server
let client: ReturnType<typeof frameClient>
let now = Date.UTC(2030, 0, 1)
const advance = (ms: number) => void (now += ms)

beforeAll(async () => {
  server = await startTestServer({
    secureFrame: { port: 0 },
    devMailCatcher: { port: 0 },
    devRoutes: true,
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    auth: { now: () => now, sendsPerHourPerIp: 1000 },
  })
  client = frameClient(server, 'portico-dev', { now: () => now })
})
afterAll(() => server?.close())

/** Email login up to a session, as the frame does it. */
async function login(email: string, deviceId = randomDeviceId()) {
  advance(31_000)
  const start = await client.call<{ action: string; challengeId: string }>('/auth/email/start', { email, deviceId })
  expect(start.status).toBe(200)
  const before = (await client.inbox(email)).length
  const mail = await client.latestMail(email, Math.max(before, 1))
  const verified = await client.call<TokensBody>('/auth/email/verify', { challengeId: start.body.challengeId, otp: client.codeIn(mail), deviceId })
  expect(verified.status).toBe(200)
  return { deviceId, tokens: verified.body }
}

describe('email OTP', () => {
  it("refuses a bad email with 'Invalid Email Address'", async () => {
    const r = await client.call('/auth/email/start', { email: 'not-an-email', deviceId: randomDeviceId() })
    expect(r).toEqual({ status: 400, body: { error: 'Invalid Email Address' } })
  })

  it('answers the same for a new and a known email, and stores only an HMAC of the code', async () => {
    await login('known@example.com')
    advance(31_000)
    const known = await client.call('/auth/email/start', { email: 'known@example.com', deviceId: randomDeviceId() })
    const unknown = await client.call('/auth/email/start', { email: 'nobody@example.com', deviceId: randomDeviceId() })
    // A known email on a device without a wallet share is still VERIFY_OTP (no wallet yet here).
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort())
    expect(known.body.action).toBe('VERIFY_OTP')
    expect(unknown.body.action).toBe('VERIFY_OTP')
    const code = client.codeIn(await client.latestMail('nobody@example.com'))
    const [row] = await server.db.query<Record<string, unknown>>('select * from auth_otp_challenges where id = $1', [unknown.body.challengeId])
    expect(JSON.stringify(row)).not.toContain(code)
    expect(String(row!.code_hmac)).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('works once, and not after 10 minutes', async () => {
    const deviceId = randomDeviceId()
    advance(31_000)
    const start = await client.call<{ challengeId: string }>('/auth/email/start', { email: 'once@example.com', deviceId })
    const otp = client.codeIn(await client.latestMail('once@example.com'))
    expect((await client.call('/auth/email/verify', { challengeId: start.body.challengeId, otp, deviceId })).status).toBe(200)
    const again = await client.call('/auth/email/verify', { challengeId: start.body.challengeId, otp, deviceId })
    expect(again).toEqual({ status: 400, body: { error: 'This code was already used. Request a new code' } })

    advance(31_000)
    const late = await client.call<{ challengeId: string }>('/auth/email/start', { email: 'once@example.com', deviceId })
    const lateOtp = client.codeIn(await client.latestMail('once@example.com', 2))
    advance(10 * 60_000 + 1)
    const expired = await client.call('/auth/email/verify', { challengeId: late.body.challengeId, otp: lateOtp, deviceId })
    expect(expired).toEqual({ status: 400, body: { error: 'This code has expired. Request a new code' } })
  })

  it('refuses the sixth try even with the right code', async () => {
    const deviceId = randomDeviceId()
    advance(31_000)
    const start = await client.call<{ challengeId: string }>('/auth/email/start', { email: 'tries@example.com', deviceId })
    const otp = client.codeIn(await client.latestMail('tries@example.com'))
    const wrong = otp === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++)
      expect((await client.call('/auth/email/verify', { challengeId: start.body.challengeId, otp: wrong, deviceId })).body.error).toBe('Invalid code')
    const sixth = await client.call('/auth/email/verify', { challengeId: start.body.challengeId, otp, deviceId })
    expect(sixth).toEqual({ status: 429, body: { error: 'Too many attempts. Request a new code' } })
  })

  it("keeps 30 s between sends ('Please try again after N seconds') and 5 per hour per email", async () => {
    const deviceId = randomDeviceId()
    advance(3600_000)
    expect((await client.call('/auth/email/start', { email: 'limit@example.com', deviceId })).status).toBe(200)
    advance(10_000)
    expect(await client.call('/auth/email/start', { email: 'limit@example.com', deviceId })).toEqual({
      status: 429,
      body: { error: 'Please try again after 20 seconds' },
    })
    for (let i = 0; i < 4; i++) {
      advance(30_000)
      expect((await client.call('/auth/email/start', { email: 'limit@example.com', deviceId })).status).toBe(200)
    }
    advance(30_000)
    const sixth = await client.call('/auth/email/start', { email: 'limit@example.com', deviceId })
    expect(sixth.status).toBe(429)
    expect(sixth.body.error).toMatch(/Too many codes/)
  })

  it('describes the auth routes in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/auth/email/start', '/auth/email/verify', '/auth/wallet', '/auth/social/start']))
  })

  it('refuses calls from any origin but the secure frame', async () => {
    const r = await client.call('/auth/email/start', { email: 'x@example.com', deviceId: randomDeviceId() }, undefined, { origin: 'http://127.0.0.1:1' })
    expect(r).toEqual({ status: 403, body: { error: 'Forbidden origin' } })
  })
})

describe('sessions', () => {
  it('rotates refresh tokens, revokes on replay, and signs out', async () => {
    const { deviceId, tokens } = await login('session@example.com')
    expect((await client.call('/auth/me', undefined, tokens.accessToken)).body.email).toBe('session@example.com')
    const rotated = await client.call<TokensBody>('/auth/session/refresh', { refreshToken: tokens.refreshToken, deviceId })
    expect(rotated.status).toBe(200)
    expect(rotated.body.refreshToken).not.toBe(tokens.refreshToken)
    const [row] = await server.db.query<{ refresh_hash: string }>(
      'select refresh_hash from auth_sessions where refresh_hash <> $1 order by created_at desc limit 1',
      [rotated.body.refreshToken],
    )
    expect(row!.refresh_hash).not.toContain(rotated.body.refreshToken)
    // Replaying the old token revokes the session: the new one stops working too.
    expect((await client.call('/auth/session/refresh', { refreshToken: tokens.refreshToken, deviceId })).status).toBe(401)
    expect((await client.call('/auth/session/refresh', { refreshToken: rotated.body.refreshToken, deviceId })).status).toBe(401)

    const second = await login('session@example.com', deviceId)
    expect((await client.call('/auth/session/signout', {}, second.tokens.accessToken)).status).toBe(200)
    expect((await client.call('/auth/me', undefined, second.tokens.accessToken)).status).toBe(401)
  })

  it('expires access tokens after 15 minutes', async () => {
    const { tokens } = await login('short@example.com')
    advance(15 * 60_000 + 1000)
    expect(await client.call('/auth/me', undefined, tokens.accessToken)).toEqual({ status: 401, body: { error: 'Session expired' } })
  })
})

describe('key shares and devices', () => {
  it('stores shares encrypted at rest, releases them to the session, and approves a new device by mail', async () => {
    const email = 'wallet@example.com'
    const first = await login(email)
    const entropy = newEntropy()
    const keys = deriveKeys(entropy, keyFamilies)
    const [deviceShare, authShare] = await splitPair(entropy)
    const recoveryShares = await splitPair(entropy)
    const created = await client.call(
      '/auth/wallet',
      { secretHash: secretHash(entropy), addresses: keys.addresses, authShare, recoveryShares },
      first.tokens.accessToken,
    )
    expect(created.status).toBe(200)
    expect(
      (await client.call('/auth/wallet', { secretHash: secretHash(entropy), addresses: keys.addresses, authShare, recoveryShares }, first.tokens.accessToken))
        .status,
    ).toBe(409)

    // At rest: no share in plain text anywhere in the rows.
    const rows = JSON.stringify([
      ...(await server.db.query('select * from auth_device_shares')),
      ...(await server.db.query('select * from auth_recovery_shares')),
    ])
    for (const share of [authShare, ...recoveryShares]) expect(rows).not.toContain(share)
    expect(rows).toContain('v1.')

    const material = await client.call<{ wallet: { secretHash: string; addresses: Record<string, string>; authShare: string } }>(
      '/auth/wallet',
      undefined,
      first.tokens.accessToken,
    )
    // Released encrypted to the device's key only.
    expect(material.body.wallet.authShare).not.toContain(authShare)
    const released = deviceById(first.deviceId)!.open(material.body.wallet.authShare, `auth-share:${first.deviceId}`)
    expect(released).toBe(authShare)
    expect(material.body.wallet).not.toHaveProperty('recovery')
    const combined = await combinePair([deviceShare, released], material.body.wallet, keyFamilies)
    expect(combined.keys.addresses.eip155).toBe(keys.addresses.eip155)
    // A corrupted share is caught by the hash check.
    const [badShare] = await splitPair(newEntropy())
    await expect(combinePair([badShare, authShare], material.body.wallet, keyFamilies)).rejects.toThrow('Key shares do not match this wallet')

    // A second device: a code like any start (the answer tells nobody a wallet exists), then
    // VERIFY_DEVICE: an approval link by mail; the session comes once the link was used.
    const deviceB = randomDeviceId()
    advance(31_000)
    const mailsBefore = (await client.inbox(email)).length
    const start = await client.call<{ action: string; challengeId: string }>('/auth/email/start', { email, deviceId: deviceB })
    expect(start.body.action).toBe('VERIFY_OTP')
    const codeMail = await client.latestMail(email, mailsBefore + 1)
    const verify = await client.call<{ action: string; approvalId: string; matchCode: string }>('/auth/email/verify', {
      challengeId: start.body.challengeId,
      otp: client.codeIn(codeMail),
      deviceId: deviceB,
    })
    expect(verify.body).toMatchObject({ action: 'VERIFY_DEVICE', matchCode: expect.any(String) })
    expect(verify.body).not.toHaveProperty('accessToken')
    const approvalMail = await client.latestMail(email, mailsBefore + 2)
    expect(approvalMail.subject).toMatch(/Approve a new device/)
    expect(approvalMail.text).toContain(verify.body.matchCode)
    const approvalId = verify.body.approvalId
    expect((await client.call('/auth/device/status', { approvalId, deviceId: deviceB })).body).toEqual({ approved: false })
    // Another device cannot poll it.
    expect((await client.call('/auth/device/status', { approvalId, deviceId: randomDeviceId() })).status).toBe(404)
    const link = client.linkIn(approvalMail)
    const page = await fetch(link)
    expect(await page.text()).toContain('Approve device')
    // Merely opening the link (a mail scanner) approves nothing.
    expect((await client.call('/auth/device/status', { approvalId, deviceId: deviceB })).body).toEqual({ approved: false })
    const token = new URL(link).searchParams.get('token')!
    const approved = await fetch(link, { method: 'POST', body: new URLSearchParams({ token }) })
    expect(approved.status).toBe(200)
    const session = await client.call<TokensBody & { approved: boolean }>('/auth/device/status', { approvalId, deviceId: deviceB })
    expect(session.status).toBe(200)
    expect(session.body.approved).toBe(true)
    // The session is issued once.
    expect((await client.call('/auth/device/status', { approvalId, deviceId: deviceB })).status).toBe(404)
    const info = await client.call<{ wallet: { secretHash: string; addresses: Record<string, string>; recovery: { available: boolean; protected: boolean } } }>(
      '/auth/wallet',
      undefined,
      session.body.accessToken,
    )
    expect(info.body.wallet.recovery).toMatchObject({ available: true, protected: false })
    const released2 = await client.call<{ recovery: string }>('/auth/wallet/recover', {}, session.body.accessToken)
    expect(released2.status).toBe(200)
    const opened = JSON.parse(deviceById(deviceB)!.open(released2.body.recovery, `recovery:${deviceB}`)) as { shares: [string, string] }
    const recovered = await combinePair(opened.shares, info.body.wallet, keyFamilies)
    expect(recovered.keys.addresses).toEqual(keys.addresses)
    // Once per login.
    expect((await client.call('/auth/wallet/recover', {}, session.body.accessToken)).status).toBe(403)
    const [, authShareB] = await splitPair(recovered.entropy)
    const challenge = await client.call<{ challenge: string }>('/auth/challenge', { purpose: 'key' }, session.body.accessToken)
    const signature = await privateKeyToAccount(evmPrivateKey(recovered.keys)).signMessage({
      message: keyProofMessage('device-share', challenge.body.challenge, deviceById(deviceB)!.jkt),
    })
    expect(
      (
        await client.call(
          '/auth/wallet/device-share',
          { authShare: authShareB, keyProof: { challenge: challenge.body.challenge, signature } },
          session.body.accessToken,
        )
      ).status,
    ).toBe(200)
    const after = await client.call<{ wallet: { authShare?: string; recovery?: unknown } }>('/auth/wallet', undefined, session.body.accessToken)
    expect(deviceById(deviceB)!.open(after.body.wallet.authShare!, `auth-share:${deviceB}`)).toBe(authShareB)
    expect(after.body.wallet.recovery).toBeUndefined()
    // Device B now signs in with a plain code.
    advance(31_000)
    expect((await client.call<{ action: string }>('/auth/email/start', { email, deviceId: deviceB })).body.action).toBe('VERIFY_OTP')
  })

  it('keeps the preferred account type', async () => {
    const { tokens } = await login('type@example.com')
    expect((await client.call('/auth/account-type', { type: 'smartAccount' }, tokens.accessToken)).body).toEqual({ type: 'smartAccount' })
    expect((await client.call('/auth/me', undefined, tokens.accessToken)).body.preferredAccountType).toBe('smartAccount')
  })
})

describe('email update', () => {
  it('needs a code from the current email, then one from the new email', async () => {
    const { tokens } = await login('old@example.com')
    advance(31_000)
    const start = await client.call('/auth/email/update', { email: 'new@example.com' }, tokens.accessToken)
    expect(start.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = client.codeIn(await client.latestMail('old@example.com', 2))
    expect((await client.call('/auth/email/update/secondary', { otp: primary }, tokens.accessToken)).status).toBe(400)
    expect((await client.call('/auth/email/update/primary', { otp: primary }, tokens.accessToken)).status).toBe(200)
    const secondary = client.codeIn(await client.latestMail('new@example.com'))
    expect((await client.call('/auth/email/update/secondary', { otp: secondary }, tokens.accessToken)).body).toEqual({ newEmail: 'new@example.com' })
    expect((await client.call('/auth/me', undefined, tokens.accessToken)).body.email).toBe('new@example.com')
    advance(31_000)
    expect((await client.call('/auth/email/update', { email: 'new@example.com' }, tokens.accessToken)).body.error).toBe('This is already your email')
  })

  it("does not tell whether another account uses the new address until that address's code proved the mailbox", async () => {
    await login('taken@example.com')
    const { tokens } = await login('mover@example.com')
    advance(31_000)
    const taken = await client.call('/auth/email/update', { email: 'taken@example.com' }, tokens.accessToken)
    advance(31_000)
    const free = await client.call('/auth/email/update', { email: 'free-address@example.com' }, tokens.accessToken)
    expect([taken.status, taken.body]).toEqual([free.status, free.body])
    // Through the mover's own code, then the taken address's code: only then the conflict.
    advance(31_000)
    await client.call('/auth/email/update', { email: 'taken@example.com' }, tokens.accessToken)
    const primary = client.codeIn(await client.latestMail('mover@example.com'))
    expect((await client.call('/auth/email/update/primary', { otp: primary }, tokens.accessToken)).status).toBe(200)
    const secondary = client.codeIn(await client.latestMail('taken@example.com'))
    const conflict = await client.call('/auth/email/update/secondary', { otp: secondary }, tokens.accessToken)
    expect([conflict.status, conflict.body]).toEqual([409, { error: 'This email is used by another account' }])
  })
})

describe('Farcaster stand-in relay', () => {
  it('completes once the stand-in approves the channel, only for the frame holding the binding', async () => {
    const deviceId = randomDeviceId()
    const start = await client.call<{ url: string; channelToken: string; binding: string }>('/auth/farcaster/start', { deviceId })
    expect(start.body.url).toContain('/dev/farcaster/channel/')
    const status = (binding: string) =>
      client.call<{ state: string } & Partial<TokensBody>>('/auth/farcaster/status', { channelToken: start.body.channelToken, binding, deviceId })
    expect((await status(start.body.binding)).body).toEqual({ state: 'pending' })
    const approve = await fetch(`${server.url}/dev/farcaster/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelToken: start.body.channelToken, fid: '4242', username: 'alice' }),
    })
    expect(approve.status).toBe(200)
    expect((await status('wrong-binding')).status).toBe(400)
    const done = await status(start.body.binding)
    expect(done.body.state).toBe('completed')
    expect((await client.call('/auth/me', undefined, done.body.accessToken)).body).toMatchObject({
      email: null,
      userName: 'alice',
      socialProvider: 'farcaster',
    })
    expect((await status(start.body.binding)).status).toBe(400) // used once
  })
})
