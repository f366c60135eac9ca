import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { privateKeyToAccount } from 'viem/accounts'
import {
  WRAP_AAD,
  combinePair,
  deriveKeys,
  factorKeys,
  factorProof,
  keyProofMessage,
  newEntropy,
  recoveryKey,
  secretHash,
  splitPair,
  toB64url,
  unwrap,
  wrap,
  fromB64url,
} from '@portico/secure-frame'
import { eip155Keys as eip155, evmPrivateKey, solanaKeys as solana } from '@portico/secure-frame'
import { open } from '../auth/crypto.js'
import { generateAuthSecrets, loadAuthSecrets } from '../auth/secrets.js'
import { frameClient, newDevice, type TestDevice } from '../auth/testing.js'
import { DEFAULT_CONFIG, type ServerConfig } from '../config.js'
import { startServer } from '../server.js'
import { startTestServer } from '../testing.js'

/**
 * Custody attacks (packages/secure-frame/CUSTODY.md), each run against a real server with its
 * secure origin, dev mail catcher and local OpenID provider. A test fails if the attack gets
 * anything usable: a share, the seed, or a token that releases one.
 */
type Server = Awaited<ReturnType<typeof startTestServer>>
type Tokens = { accessToken: string; refreshToken: string; expiresIn: number }
const HOST = 'http://127.0.0.1:5173'
const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`

let now = Date.now()
const advance = (ms: number) => void (now += ms)
let server: Server
let frame: ReturnType<typeof frameClient>

const authServer = (extra: Partial<ServerConfig> = {}) =>
  startTestServer({
    secureFrame: { port: 0 },
    devMailCatcher: { port: 0 },
    devIdentityProvider: { port: 0, standsInFor: ['google'] },
    devRoutes: true,
    rpcUrls: {},
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
    auth: { now: () => now, sendCooldownMs: 1000, sendsPerHourPerEmail: 1000, sendsPerHourPerIp: 100_000 },
    ...extra,
  })

beforeAll(async () => {
  server = await authServer()
  frame = frameClient(server, 'portico-dev', { now: () => now })
}, 120_000)
afterAll(() => server?.close())

/** An email login as the frame does it (the device approval too, for a wallet new to the device). */
async function emailLogin(
  client: ReturnType<typeof frameClient>,
  email: string,
  device: TestDevice,
  { headers = {}, ...opts }: { noOrigin?: boolean; headers?: Record<string, string> } = {},
) {
  advance(2000)
  const before = (await client.inbox(email)).length
  const start = await client.call<{ action: string; challengeId?: string; approvalId?: string; matchCode?: string }>(
    '/auth/email/start',
    { email, hostOrigin: HOST },
    undefined,
    headers,
    { device, ...opts },
  )
  expect(start.status).toBe(200)
  const code = client.codeIn(await client.latestMail(email, before + 1))
  const verified = await client.call<Tokens & { action?: string; approvalId?: string }>(
    '/auth/email/verify',
    { challengeId: start.body.challengeId, otp: code, hostOrigin: HOST },
    undefined,
    headers,
    { device },
  )
  if (verified.body.action !== 'VERIFY_DEVICE')
    return { status: verified.status, tokens: verified.body as Tokens, start: start.body, verify: verified.body, approvalMail: undefined }
  let approvalMail = await client.latestMail(email, before + 2)
  const link = client.linkIn(approvalMail)
  const page = await (await fetch(link)).text()
  const approved = await fetch(link, { method: 'POST', body: new URLSearchParams({ token: new URL(link).searchParams.get('token')! }) })
  expect(approved.status).toBe(200)
  const status = await client.call<Tokens & { approved: boolean }>('/auth/device/status', { approvalId: verified.body.approvalId }, undefined, {}, { device })
  expect(status.body.approved).toBe(true)
  approvalMail = { ...approvalMail, text: `${approvalMail.text}\n---page---\n${page}` }
  return { status: status.status, tokens: status.body as Tokens, start: start.body, verify: verified.body, approvalMail }
}

/** The first device makes the wallet, as the frame does. */
async function createWallet(client: ReturnType<typeof frameClient>, tokens: Tokens, device: TestDevice) {
  const entropy = newEntropy()
  const keys = deriveKeys(entropy, { eip155, solana })
  const [deviceShare, authShare] = await splitPair(entropy)
  const recoveryShares = await splitPair(entropy)
  const created = await client.call(
    '/auth/wallet',
    { secretHash: secretHash(entropy), addresses: keys.addresses, authShare, recoveryShares },
    tokens.accessToken,
    {},
    { device },
  )
  expect(created.status).toBe(200)
  return { entropy, keys, deviceShare, authShare, recoveryShares, expected: { secretHash: secretHash(entropy), addresses: keys.addresses } }
}

async function keyProof(client: ReturnType<typeof frameClient>, tokens: Tokens, device: TestDevice, evmKey: `0x${string}`, purpose: string) {
  const { challenge } = (await client.call<{ challenge: string }>('/auth/challenge', { purpose: 'key' }, tokens.accessToken, {}, { device })).body
  return { challenge, signature: await privateKeyToAccount(evmKey).signMessage({ message: keyProofMessage(purpose, challenge, device.jkt) }) }
}

/** Adds a passkey as the frame does; `prf` stands for the passkey's PRF output (it never leaves the frame). */
async function addPasskey(client: ReturnType<typeof frameClient>, tokens: Tokens, device: TestDevice, wallet: Awaited<ReturnType<typeof createWallet>>) {
  const prf = crypto.getRandomValues(new Uint8Array(32))
  const { authKey, wrapKey } = factorKeys(prf)
  const rk = recoveryKey(wallet.entropy)
  const [first, second] = await splitPair(wallet.entropy)
  const added = await client.call<{ protected: boolean; factors: Array<{ id: string }> }>(
    '/auth/factors',
    {
      kind: 'passkey',
      credentialId: toB64url(crypto.getRandomValues(new Uint8Array(32))),
      prfSalt: toB64url(crypto.getRandomValues(new Uint8Array(32))),
      authKey: toB64url(authKey),
      wrappedKey: await wrap(wrapKey, toB64url(rk), WRAP_AAD.recoveryKey),
      recovery: { wrappedShare: await wrap(rk, first, WRAP_AAD.recoveryShare), serverShare: second },
      keyProof: await keyProof(client, tokens, device, evmPrivateKey(wallet.keys), 'add-factor'),
    },
    tokens.accessToken,
    {},
    { device },
  )
  expect(added.status).toBe(200)
  expect(added.body.protected).toBe(true)
  return { prf, factorId: added.body.factors[0]!.id }
}

async function factorProofBody(client: ReturnType<typeof frameClient>, tokens: Tokens, device: TestDevice, factorId: string, secret: Uint8Array) {
  const { challenge } = (await client.call<{ challenge: string }>('/auth/challenge', { purpose: 'factor' }, tokens.accessToken, {}, { device })).body
  return { id: factorId, challenge, proof: factorProof(factorKeys(secret).authKey, factorId, challenge, device.jkt) }
}

/** Everything usable the attacker must never see. */
function secretsOf(wallet: Awaited<ReturnType<typeof createWallet>>) {
  return [
    wallet.deviceShare,
    wallet.authShare,
    ...wallet.recoveryShares,
    Buffer.from(wallet.entropy).toString('hex'),
    Buffer.from(wallet.entropy).toString('base64'),
    evmPrivateKey(wallet.keys).slice(2),
  ]
}

/** A browser's part of the OAuth dance, with fetch and a cookie jar, up to the callback URL. */
async function signInAtProvider(authorizeUrl: string, account: { email: string; name: string; verified: boolean }) {
  const jar = new Map<string, string>()
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const callback = `${server.embedded!.secureFrameUrl}/auth/social/callback`
  let url = authorizeUrl
  let init: RequestInit = {}
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: cookie() } })
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      jar.set(pair!.slice(0, i), pair!.slice(i + 1))
    }
    init = {}
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url).href
      if (url.startsWith(callback)) return url
      continue
    }
    const html = await response.text()
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
    if (!action) throw new Error(`unexpected page at ${url}: ${html.slice(0, 200)}`)
    url = new URL(action, url).href
    const form = new URLSearchParams({ email: account.email, name: account.name })
    if (account.verified) form.set('verified', 'on')
    init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
  }
  throw new Error('too many redirects')
}

describe('attack: a non-browser client with the mailbox of a user who set a passkey', () => {
  test('without Origin it is refused; with a forged Origin it signs in but gets no share, no seed and no token that releases one', async () => {
    const email = unique('victim')
    const victim = newDevice()
    const login = await emailLogin(frame, email, victim)
    const wallet = await createWallet(frame, login.tokens, victim)
    const { factorId } = await addPasskey(frame, login.tokens, victim, wallet)

    // The attacker's own script: its own device key, the victim's mailbox (the dev inbox).
    const attacker = frameClient(server, 'portico-dev', { now: () => now })
    const key = newDevice()
    const noOrigin = await attacker.call('/auth/email/start', { email, hostOrigin: HOST }, undefined, {}, { device: key, noOrigin: true })
    expect(noOrigin).toEqual({ status: 403, body: { error: 'Forbidden origin' } })
    const noProof = await attacker.call('/auth/email/start', { email, hostOrigin: HOST }, undefined, {}, { noProof: true })
    expect(noProof.status).toBe(401)

    // Forged Origin: the approval link and the code both come from the mailbox it controls.
    const stolen = await emailLogin(attacker, email, key)
    expect(stolen.start.action).toBe('VERIFY_OTP')
    expect(stolen.verify.action).toBe('VERIFY_DEVICE')
    expect(stolen.status).toBe(200)
    const tokens = stolen.tokens
    const material = await attacker.call<{ wallet: { authShare?: string; recovery: { available: boolean; protected: boolean; factors: unknown[] } } }>(
      '/auth/wallet',
      undefined,
      tokens.accessToken,
      {},
      { device: key },
    )
    expect(material.status).toBe(200)
    expect(material.body.wallet.authShare).toBeUndefined()
    expect(material.body.wallet.recovery).toMatchObject({ available: true, protected: true })

    // The recovery material needs the passkey: nothing without it, nothing with a guess.
    const bare = await attacker.call('/auth/wallet/recover', {}, tokens.accessToken, {}, { device: key })
    expect(bare.status).toBe(403)
    expect(bare.body.error).toMatch(/protected by a passkey or password/)
    for (let i = 0; i < 3; i++) {
      const guess = await attacker.call(
        '/auth/wallet/recover',
        { factor: await factorProofBody(attacker, tokens, key, factorId, crypto.getRandomValues(new Uint8Array(32))) },
        tokens.accessToken,
        {},
        { device: key },
      )
      expect(guess.status).toBe(403)
    }
    const limited = await attacker.call(
      '/auth/wallet/recover',
      { factor: await factorProofBody(attacker, tokens, key, factorId, new Uint8Array(32)) },
      tokens.accessToken,
      {},
      { device: key },
    )
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ code: 'factorRetryLater', retryAfterSec: 60, error: 'Too many wrong tries. Try again in 1 minute' })
    expect((await frame.inbox(email)).some((m) => m.subject === 'Someone tried to open your Portico wallet')).toBe(true)
    // It cannot plant a share of its own making either (no key proof without the key).
    const [junk] = await splitPair(newEntropy())
    const fakeProof = { challenge: 'x'.repeat(32), signature: `0x${'11'.repeat(65)}` }
    expect((await attacker.call('/auth/wallet/device-share', { authShare: junk, keyProof: fakeProof }, tokens.accessToken, {}, { device: key })).status).toBe(
      403,
    )
    // Nor change the email or remove the factor: both need a fresh proof of the passkey.
    advance(2000)
    expect((await attacker.call('/auth/email/update', { email: unique('attacker') }, tokens.accessToken, {}, { device: key })).status).toBe(403)
    expect((await attacker.call('/auth/factors/remove', { id: factorId, keyProof: fakeProof }, tokens.accessToken, {}, { device: key })).status).toBe(403)

    // Across every answer the attacker got: no share, no seed, no key.
    const everything = attacker.responses.join('\n')
    for (const secret of secretsOf(wallet)) expect(everything).not.toContain(secret)
    expect(everything).not.toMatch(/"(authShare|recovery)":"[A-Za-z0-9_-]{40,}"/)

    // The owner's device still opens it (its own 2-of-2), and the passkey rebuilds it on a new one.
    const own = await frame.call<{ wallet: { authShare: string } }>('/auth/wallet', undefined, login.tokens.accessToken, {}, { device: victim })
    const authShare = victim.open(own.body.wallet.authShare, `auth-share:${victim.deviceId}`)
    expect((await combinePair([wallet.deviceShare, authShare], wallet.expected, { eip155, solana })).keys.addresses.eip155).toBe(wallet.keys.addresses.eip155)
  })

  test('the owner on a new device: mailbox AND passkey rebuild the same key; the release is encrypted to that device and announced by mail', async () => {
    const email = unique('owner')
    const first = newDevice()
    const login = await emailLogin(frame, email, first)
    const wallet = await createWallet(frame, login.tokens, first)
    const { prf, factorId } = await addPasskey(frame, login.tokens, first, wallet)
    const second = newDevice()
    const again = await emailLogin(frame, email, second)
    const mailsBefore = (await frame.inbox(email)).length
    const released = await frame.call<{ recovery: string }>(
      '/auth/wallet/recover',
      { factor: await factorProofBody(frame, again.tokens, second, factorId, prf) },
      again.tokens.accessToken,
      {},
      { device: second },
    )
    expect(released.status).toBe(200)
    // Encrypted to the new device's key: another device cannot open it.
    expect(() => first.open(released.body.recovery, `recovery:${second.deviceId}`)).toThrow()
    const opened = JSON.parse(second.open(released.body.recovery, `recovery:${second.deviceId}`)) as {
      protected: boolean
      shares: [string, string]
      wrappedKey: string
    }
    expect(opened.protected).toBe(true)
    // The first half stays wrapped: the server and the mailbox alone never had it in the clear.
    await expect(combinePair(opened.shares, wallet.expected, { eip155, solana })).rejects.toThrow()
    const rk = fromB64url(await unwrap(factorKeys(prf).wrapKey, opened.wrappedKey, WRAP_AAD.recoveryKey))
    const shares: [string, string] = [await unwrap(rk, opened.shares[0], WRAP_AAD.recoveryShare), opened.shares[1]]
    const rebuilt = await combinePair(shares, wallet.expected, { eip155, solana })
    expect(rebuilt.keys.addresses.eip155).toBe(wallet.keys.addresses.eip155)
    const mails = await frame.inbox(email)
    expect(mails.length).toBe(mailsBefore + 1)
    const notice = mails.find((m) => m.subject === 'Your Portico wallet was opened on a new device')
    expect(notice?.text).toMatch(/Site: +http:\/\/127\.0\.0\.1:5173 \(Portico Demo\)/)
    // Once per login.
    expect(
      (
        await frame.call(
          '/auth/wallet/recover',
          { factor: await factorProofBody(frame, again.tokens, second, factorId, prf) },
          again.tokens.accessToken,
          {},
          { device: second },
        )
      ).status,
    ).toBe(403)
  })
})

describe('attack: a mailbox holder guesses the passkey from a device of their own (issue 28)', () => {
  const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
  const NOTICE = 'Someone tried to open your Portico wallet'
  const minuteOf = (t: number) => `${new Date(t).toISOString().replace('T', ' ').slice(0, 16)} UTC`

  /** The owner opens the wallet on a device that has made no wrong try: the release comes at once and rebuilds the key. */
  async function ownerOpensOnNewDevice(email: string, wallet: Awaited<ReturnType<typeof createWallet>>, factorId: string, prf: Uint8Array) {
    const device = newDevice()
    const login = await emailLogin(frame, email, device)
    const released = await frame.call<{ recovery: string }>(
      '/auth/wallet/recover',
      { factor: await factorProofBody(frame, login.tokens, device, factorId, prf) },
      login.tokens.accessToken,
      {},
      { device },
    )
    expect(released.status).toBe(200)
    const opened = JSON.parse(device.open(released.body.recovery, `recovery:${device.deviceId}`)) as { shares: [string, string]; wrappedKey: string }
    const rk = fromB64url(await unwrap(factorKeys(prf).wrapKey, opened.wrappedKey, WRAP_AAD.recoveryKey))
    const shares: [string, string] = [await unwrap(rk, opened.shares[0], WRAP_AAD.recoveryShare), opened.shares[1]]
    expect((await combinePair(shares, wallet.expected, { eip155, solana })).keys.addresses.eip155).toBe(wallet.keys.addresses.eip155)
  }

  // The waits below move the shared clock hours ahead; the tests after this one (social sign-ins
  // against a provider on the real clock) get it back as if no time had been skipped.
  const clockAtStart = { fake: 0, real: 0 }
  beforeEach(() => void Object.assign(clockAtStart, { fake: now, real: Date.now() }))
  afterEach(() => void (now = clockAtStart.fake + (Date.now() - clockAtStart.real)))

  test('wrong proofs, 20 of them at once, get waits that grow on that device only; the owner opens the wallet at once on a fresh device; the notice names site, device, browser, place and time, once per device and hour', async () => {
    const email = unique('guessed')
    const first = newDevice()
    const login = await emailLogin(frame, email, first)
    const wallet = await createWallet(frame, login.tokens, first)
    const { prf, factorId } = await addPasskey(frame, login.tokens, first, wallet)

    // The mailbox holder signs in on a device of their own with the code from the mail.
    const attacker = frameClient(server, 'portico-dev', { now: () => now })
    const key = newDevice()
    const stolen = await emailLogin(attacker, email, key, { headers: { 'user-agent': WINDOWS_CHROME } })
    expect(stolen.verify.action).toBe('VERIFY_DEVICE')
    let tokens = stolen.tokens
    const guessBody = async () => ({ factor: await factorProofBody(attacker, tokens, key, factorId, crypto.getRandomValues(new Uint8Array(32))) })
    const guess = async (path: '/auth/wallet/recover' | '/auth/factors/verify', body?: { factor: unknown }) =>
      attacker.call<{ code?: string; retryAfterSec?: number; retryAt?: string }>(path, body ?? (await guessBody()), tokens.accessToken, {}, { device: key })
    const notices = async () => (await frame.inbox(email)).filter((m) => m.subject === NOTICE)

    // Two wrong tries are answered at once.
    const firstTryAt = now
    for (let i = 0; i < 2; i++) expect((await guess('/auth/wallet/recover')).status).toBe(403)
    // 20 in parallel: the device has one free try left, and exactly one is checked.
    const bodies = []
    for (let i = 0; i < 20; i++) bodies.push(await guessBody())
    const burst = await Promise.all(bodies.map((body) => guess('/auth/wallet/recover', body)))
    expect(burst.map((r) => r.status).sort()).toEqual([403, ...Array<number>(19).fill(429)])
    for (const refused of burst.filter((r) => r.status === 429)) {
      expect(refused.body).toMatchObject({ code: 'factorRetryLater', retryAfterSec: 60, error: 'Too many wrong tries. Try again in 1 minute' })
      expect(Date.parse(refused.body.retryAt!)).toBe(now + 60_000)
    }

    // The owner is not locked out: a fresh device with the passkey opens the wallet at once.
    await ownerOpensOnNewDevice(email, wallet, factorId, prf)

    // One notice for all of it, naming where the tries come from.
    const [notice, ...more] = await notices()
    expect(more).toEqual([])
    expect(notice!.text).toContain('Someone used a wrong passkey or password to open your Portico wallet, from the device below.')
    expect(notice!.text).toMatch(/Site: +http:\/\/127\.0\.0\.1:5173 \(Portico Demo\)/)
    expect(notice!.text).toMatch(/Device: +Windows computer/)
    expect(notice!.text).toMatch(/Browser: +Chrome 126/)
    expect(notice!.text).toMatch(/Place: +IP (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1) — approximate place unavailable/)
    expect(notice!.text).toContain(`Time:    ${minuteOf(firstTryAt)}`)

    // Each further wrong try from that device waits twice as long; trying early is refused and changes nothing.
    const waits: number[] = [60]
    let nextTryAt = Date.parse(burst.find((r) => r.status === 429)!.body.retryAt!)
    for (let i = 0; i < 8; i++) {
      advance(nextTryAt - now - 1000)
      tokens = (await attacker.call<Tokens>('/auth/session/refresh', { refreshToken: tokens.refreshToken }, undefined, {}, { device: key })).body
      const early = await guess('/auth/factors/verify')
      expect(early.status).toBe(429)
      expect(early.body.retryAfterSec).toBe(1)
      advance(1000)
      const checked = await guess('/auth/factors/verify')
      expect(checked.status).toBe(403)
      waits.push(checked.body.retryAfterSec!)
      nextTryAt = Date.parse(checked.body.retryAt!)
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3840, 7680, 15360])
    const hours = (now - firstTryAt) / 3600_000
    expect((await notices()).length).toBeGreaterThan(1)
    expect((await notices()).length).toBeLessThanOrEqual(Math.ceil(hours) + 1)

    // 11 wrong tries for this user: a second device of the mailbox holder gets its first try, then waits for the user's count.
    const key2 = newDevice()
    const second = await emailLogin(attacker, email, key2)
    const guess2 = async () =>
      attacker.call<{ retryAfterSec?: number }>(
        '/auth/wallet/recover',
        { factor: await factorProofBody(attacker, second.tokens, key2, factorId, crypto.getRandomValues(new Uint8Array(32))) },
        second.tokens.accessToken,
        {},
        { device: key2 },
      )
    expect((await guess2()).status).toBe(403)
    const held = await guess2()
    expect(held.status).toBe(429)
    expect(held.body.retryAfterSec).toBe(240)

    // And still the owner's fresh device opens the wallet at once.
    await ownerOpensOnNewDevice(email, wallet, factorId, prf)
    // The attacker's devices still wait.
    expect((await guess('/auth/factors/verify')).status).toBe(429)
  })
})

describe('attack: a script on an allowed host page captures a social login', () => {
  test("the host page hears only 'done'; the provider's answer (code and state) redeems nothing for another client, even with the frame's binding", async () => {
    const victim = newDevice()
    const start = await frame.call<{ uri: string; binding: string }>(
      '/auth/social/start',
      { provider: 'google', hostOrigin: HOST },
      undefined,
      {},
      { device: victim },
    )
    expect(start.status).toBe(200)
    const answer = await signInAtProvider(start.body.uri, { email: unique('social'), name: 'Sam', verified: true })

    // The attacker got hold of the answer URL first (the old design posted it to the host page)
    // and opens it: the server redeems it, but for the device key that started the sign-in.
    const page = await (await fetch(answer)).text()
    const code = new URL(answer).searchParams.get('code')!
    expect(page).toContain('data-status="done"')
    expect(page).not.toContain(code)
    expect(page).not.toContain(new URL(answer).searchParams.get('state')!)

    const attacker = frameClient(server, 'portico-dev', { now: () => now })
    const key = newDevice()
    // The old way: hand in the answer URL.
    expect((await attacker.call('/auth/social/complete', { uri: answer, binding: 'stolen' }, undefined, {}, { device: key })).status).toBe(400)
    // Even with the frame's own binding, a proof by another key gets nothing.
    expect((await attacker.call('/auth/social/complete', { binding: start.body.binding }, undefined, {}, { device: key })).status).toBe(400)
    // The answer a second time redeems nothing.
    expect(await (await fetch(answer)).text()).toContain('This sign-in expired')
    expect(attacker.responses.join('\n')).not.toMatch(/accessToken/)

    // The frame that started it finishes it.
    const done = await frame.call<Tokens>('/auth/social/complete', { binding: start.body.binding }, undefined, {}, { device: victim })
    expect(done.status).toBe(200)
    expect(done.body.accessToken).toBeTruthy()
  })
})

describe('attack: a stolen session token, without the device key', () => {
  test('cannot add an email to a social-only account, fetch a share, recover, refresh or list factors; the owner needs a fresh sign-in to add an email', async () => {
    const victim = newDevice()
    const start = await frame.call<{ uri: string; binding: string }>(
      '/auth/social/start',
      { provider: 'google', hostOrigin: HOST },
      undefined,
      {},
      { device: victim },
    )
    await fetch(await signInAtProvider(start.body.uri, { email: unique('sociallink'), name: 'Sol', verified: false }))
    const tokens = (await frame.call<Tokens>('/auth/social/complete', { binding: start.body.binding }, undefined, {}, { device: victim })).body
    const wallet = await createWallet(frame, tokens, victim)
    expect((await frame.call('/auth/me', undefined, tokens.accessToken, {}, { device: victim })).body).toMatchObject({ email: null, socialProvider: 'google' })

    const thief = frameClient(server, 'portico-dev', { now: () => now })
    const key = newDevice()
    const attempts: Array<[string, unknown]> = [
      ['/auth/email/update', { email: unique('thief') }],
      ['/auth/wallet', undefined],
      ['/auth/wallet/recover', {}],
      ['/auth/factors', undefined],
      ['/auth/me', undefined],
    ]
    for (const [path, body] of attempts) {
      const plain = await thief.call(path, body, tokens.accessToken, {}, { noProof: true, scheme: 'Bearer' })
      expect(plain.status, `${path} with the token alone`).toBe(401)
      const ownKey = await thief.call(path, body, tokens.accessToken, {}, { device: key })
      expect(ownKey, `${path} with the thief's key`).toEqual({ status: 401, body: { error: 'This session belongs to another device key' } })
    }
    expect((await thief.call('/auth/session/refresh', { refreshToken: tokens.refreshToken }, undefined, {}, { device: key })).status).toBe(401)
    for (const secret of secretsOf(wallet)) expect(thief.responses.join('\n')).not.toContain(secret)

    // The owner, minutes after signing in, must sign in again to attach an email (no factor, no email yet).
    advance(6 * 60_000)
    const late = await frame.call('/auth/email/update', { email: unique('late') }, tokens.accessToken, {}, { device: victim })
    expect(late).toEqual({ status: 403, body: { error: 'For your safety, sign in again before adding an email' } })
  })
})

describe('attack: a replayed request', () => {
  test('the same DPoP proof again gets nothing: not the auth share, not the recovery material', async () => {
    const email = unique('replay')
    const device = newDevice()
    const login = await emailLogin(frame, email, device)
    await createWallet(frame, login.tokens, device)
    let proof = ''
    const first = await frame.call<{ wallet: { authShare?: string } }>(
      '/auth/wallet',
      undefined,
      login.tokens.accessToken,
      {},
      { device, onProof: (p) => (proof = p) },
    )
    expect(first.body.wallet.authShare).toBeTruthy()
    const replay = await frame.call<{ wallet?: unknown }>('/auth/wallet', undefined, login.tokens.accessToken, {}, { device, proof })
    expect(replay).toEqual({ status: 401, body: { error: 'This request was already used' } })

    // A new device's one-time release, replayed.
    const other = newDevice()
    const again = await emailLogin(frame, email, other)
    let recoverProof = ''
    const released = await frame.call('/auth/wallet/recover', {}, again.tokens.accessToken, {}, { device: other, onProof: (p) => (recoverProof = p) })
    expect(released.status).toBe(200)
    const replayed = await frame.call('/auth/wallet/recover', {}, again.tokens.accessToken, {}, { device: other, proof: recoverProof })
    expect(replayed).toEqual({ status: 401, body: { error: 'This request was already used' } })
    // A proof for another URL, or an old one, is refused too.
    const elsewhere = other.proof({ method: 'GET', url: `${server.url}/auth/me`, accessToken: again.tokens.accessToken, now })
    expect((await frame.call('/auth/wallet', undefined, again.tokens.accessToken, {}, { device: other, proof: elsewhere })).status).toBe(401)
    const old = other.proof({ method: 'GET', url: `${server.url}/auth/wallet`, accessToken: again.tokens.accessToken, now: now - 10 * 60_000 })
    expect((await frame.call('/auth/wallet', undefined, again.tokens.accessToken, {}, { device: other, proof: old })).status).toBe(401)
  })
})

describe('the default without a factor: the mailbox controls the wallet, with the safeguards', () => {
  test('the approval mail and page name site, device, browser, place, time and the code the modal shows; the release is once, within minutes, with a notice', async () => {
    const email = unique('default')
    const first = newDevice()
    const login = await emailLogin(frame, email, first)
    const wallet = await createWallet(frame, login.tokens, first)
    const second = newDevice()
    const again = await emailLogin(frame, email, second)
    const matchCode = (again.verify as { matchCode?: string }).matchCode!
    expect(matchCode).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{3}$/)
    const text = again.approvalMail!.text
    expect(text).toMatch(/Site: +http:\/\/127\.0\.0\.1:5173 \(Portico Demo\)/)
    expect(text).toMatch(/Device: +unknown device/)
    expect(text).toMatch(/Browser: +not a browser \(node\)|Browser: +unknown browser/)
    expect(text).toMatch(/Place: +IP (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1) — approximate place unavailable/)
    expect(text).toMatch(/Time: +\d{4}-\d\d-\d\d \d\d:\d\d UTC/)
    expect(text).toContain(`Code:    ${matchCode}`)
    expect(text).toContain(`data-field="code">${matchCode}</p>`) // the page too
    expect(text).toContain('approximate place unavailable</dd>')

    // Minutes after the login the recovery material is no longer released.
    advance(6 * 60_000)
    const late = await frame.call('/auth/wallet/recover', {}, again.tokens.accessToken, {}, { device: second })
    expect(late.status).toBe(403)
    expect(late.body.error).toMatch(/ran out/)

    const third = newDevice()
    const fresh = await emailLogin(frame, email, third)
    const before = (await frame.inbox(email)).length
    const released = await frame.call<{ recovery: string }>('/auth/wallet/recover', {}, fresh.tokens.accessToken, {}, { device: third })
    expect(released.status).toBe(200)
    const opened = JSON.parse(third.open(released.body.recovery, `recovery:${third.deviceId}`)) as { shares: [string, string] }
    expect((await combinePair(opened.shares, wallet.expected, { eip155, solana })).keys.addresses.eip155).toBe(wallet.keys.addresses.eip155)
    const mails = await frame.inbox(email)
    expect(mails.length).toBe(before + 1)
    expect(mails[0]!.subject).toBe('Your Portico wallet was opened on a new device')
    expect(mails[0]!.text).toMatch(/Place: +IP .* — approximate place unavailable/)
    expect((await frame.call('/auth/wallet/recover', {}, fresh.tokens.accessToken, {}, { device: third })).status).toBe(403)
  })
})

describe('changing the email or removing a factor needs fresh proof of an existing factor', () => {
  test('with a passkey: a proof of the last minutes, then only the new address gets a code; removal needs the proof and the key', async () => {
    const email = unique('change')
    const device = newDevice()
    const login = await emailLogin(frame, email, device)
    const wallet = await createWallet(frame, login.tokens, device)
    const { prf, factorId } = await addPasskey(frame, login.tokens, device, wallet)
    const t = login.tokens.accessToken
    advance(2000)
    expect((await frame.call('/auth/email/update', { email: unique('new') }, t, {}, { device })).body).toEqual({
      error: 'Confirm it is you with your passkey or password first',
    })
    const wrong = await frame.call(
      '/auth/factors/verify',
      { factor: await factorProofBody(frame, login.tokens, device, factorId, new Uint8Array(32)) },
      t,
      {},
      { device },
    )
    expect(wrong.status).toBe(403)
    expect(
      (await frame.call('/auth/factors/verify', { factor: await factorProofBody(frame, login.tokens, device, factorId, prf) }, t, {}, { device })).status,
    ).toBe(200)
    expect((await frame.call('/auth/email/update', { email: unique('new') }, t, {}, { device })).body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })

    // Removing the last factor: the proof is still fresh, but a key proof is needed too.
    const split = await splitPair(wallet.entropy)
    const { challenge } = (await frame.call<{ challenge: string }>('/auth/challenge', { purpose: 'key' }, t, {}, { device })).body
    const badSignature = await frame.call(
      '/auth/factors/remove',
      { id: factorId, keyProof: { challenge, signature: `0x${'22'.repeat(65)}` }, recovery: split },
      t,
      {},
      { device },
    )
    expect(badSignature).toEqual({ status: 403, body: { error: 'The proof by the wallet key is not valid' } })
    advance(6 * 60_000) // no longer fresh
    const stale = await frame.call(
      '/auth/factors/remove',
      { id: factorId, keyProof: await keyProof(frame, login.tokens, device, evmPrivateKey(wallet.keys), 'remove-factor'), recovery: split },
      t,
      {},
      { device },
    )
    expect(stale.body).toEqual({ error: 'Confirm it is you with your passkey or password first' })
    await frame.call('/auth/factors/verify', { factor: await factorProofBody(frame, login.tokens, device, factorId, prf) }, t, {}, { device })
    const removed = await frame.call<{ protected: boolean }>(
      '/auth/factors/remove',
      { id: factorId, keyProof: await keyProof(frame, login.tokens, device, evmPrivateKey(wallet.keys), 'remove-factor'), recovery: split },
      t,
      {},
      { device },
    )
    expect(removed.body).toMatchObject({ protected: false, factors: [] })
    const [row] = await server.db.query<{ protected: boolean }>(
      'select r.protected from auth_recovery_shares r join auth_users u on u.id = r.user_id where u.email = $1',
      [email],
    )
    expect(row!.protected).toBe(false)
  })
})

describe('attack: a copy of the data folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'portico-custody-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  /** Every file under dir, whole (the PGlite folder is small). */
  function everyByte(dir: string): Buffer {
    const parts: Buffer[] = []
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const path = join(d, name)
        if (statSync(path).isDirectory()) walk(path)
        else parts.push(readFileSync(path))
      }
    }
    walk(dir)
    return Buffer.concat(parts)
  }

  test('the PGlite folder alone holds no key and no share in the clear; its ciphertexts open with no other key; a token it could mint is refused', async () => {
    const dataDir = join(root, 'pglite')
    const keysDir = join(root, 'keys')
    mkdirSync(keysDir)
    const secretsFile = join(keysDir, 'auth-secrets.json')
    const secrets = generateAuthSecrets()
    writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 })
    // PGlite in a folder (also when the suite otherwise runs on PostgreSQL); the keys in another.
    const config = { dataDir, databaseUrl: undefined, authSecretsFile: secretsFile }
    const real = await authServer(config)
    const client = frameClient(real, 'portico-dev', { now: () => now })
    const email = unique('folder')
    const device = newDevice()
    const login = await emailLogin(client, email, device)
    const wallet = await createWallet(client, login.tokens, device)
    await real.close()

    // The thief copies the data folder (PGlite's directory), not the keys kept elsewhere.
    const stolen = join(root, 'stolen')
    cpSync(dataDir, stolen, { recursive: true })
    const bytes = everyByte(stolen)
    for (const [name, value] of Object.entries(secrets)) {
      expect(bytes.includes(Buffer.from(value, 'base64')), `${name} raw`).toBe(false)
      expect(bytes.includes(Buffer.from(value)), `${name} base64`).toBe(false)
    }
    for (const secret of secretsOf(wallet)) expect(bytes.includes(Buffer.from(secret)), 'a share in the clear').toBe(false)
    expect(existsSync(join(stolen, 'auth-secrets.json'))).toBe(false)

    // A production start on the copy refuses to run without keys from outside it.
    await expect(loadAuthSecrets({ ...DEFAULT_CONFIG, dataDir: stolen, secureFrame: { port: 0 } }, {})).rejects.toThrow(/outside the data directory/)
    // Keys inside the data directory are refused, and so is the old place of the dev keys.
    writeFileSync(join(stolen, 'auth-secrets.json'), JSON.stringify(generateAuthSecrets()))
    await expect(loadAuthSecrets({ ...DEFAULT_CONFIG, dataDir: stolen, authSecretsFile: join(stolen, 'auth-secrets.json') }, {})).rejects.toThrow(
      /inside the data directory/,
    )
    await expect(loadAuthSecrets({ ...DEFAULT_CONFIG, dataDir: stolen }, {})).rejects.toThrow(/move it outside/)
    rmSync(join(stolen, 'auth-secrets.json'))

    // The thief's own server on the copy (its own keys): the wallet's rows do not open.
    const thief = await startServer({
      ...DEFAULT_CONFIG,
      port: 0,
      dataDir: stolen,
      devRoutes: true,
      secureFrame: { port: 0 },
      indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
      rpcUrls: {},
    })
    try {
      const rows = await thief.db.query<{ user_id: string; first_ciphertext: string; second_ciphertext: string }>(
        'select user_id, first_ciphertext, second_ciphertext from auth_recovery_shares',
      )
      const shares = await thief.db.query<{ user_id: string; device_id: string; ciphertext: string }>(
        'select user_id, device_id, ciphertext from auth_device_shares',
      )
      expect(rows.length).toBeGreaterThan(0)
      const thiefKeys = JSON.parse(readFileSync(`${stolen}.auth-secrets.json`, 'utf8')) as Record<string, string>
      for (const key of Object.values(thiefKeys)) {
        for (const r of rows) {
          expect(() => open(Buffer.from(key, 'base64'), r.first_ciphertext, `recovery-1:${r.user_id}`)).toThrow()
          expect(() => open(Buffer.from(key, 'base64'), r.second_ciphertext, `recovery-2:${r.user_id}`)).toThrow()
        }
        for (const s of shares) expect(() => open(Buffer.from(key, 'base64'), s.ciphertext, `device-share:${s.user_id}:${s.device_id}`)).toThrow()
      }
      // A token minted with any key the thief has: the real server refuses it.
      const [session] = await thief.db.query<{ id: string; user_id: string }>('select id, user_id from auth_sessions where revoked_at is null limit 1')
      const forged = await new SignJWT({ sid: session!.id, did: device.deviceId, pid: 'portico-dev', cnf: { jkt: device.jkt } })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('portico-auth')
        .setSubject(session!.user_id)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + 600)
        .sign(Buffer.from(thiefKeys.jwtKey!, 'base64'))
      const back = await authServer(config)
      try {
        const victimClient = frameClient(back, 'portico-dev', { now: () => now })
        const refused = await victimClient.call('/auth/wallet', undefined, forged, {}, { device })
        expect(refused).toEqual({ status: 401, body: { error: 'Session expired' } })
        // The real keys still open the real rows: the folder was the only thing missing them.
        const own = await victimClient.call<{ wallet: { authShare: string } }>(
          '/auth/wallet',
          undefined,
          (await emailLogin(victimClient, email, device)).tokens.accessToken,
          {},
          { device },
        )
        expect(device.open(own.body.wallet.authShare, `auth-share:${device.deviceId}`)).toBe(wallet.authShare)
      } finally {
        await back.close()
      }
    } finally {
      await thief.close()
    }
  }, 120_000)
})
