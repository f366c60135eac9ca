import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Frame, type Page } from 'playwright-core'
import { createServer, type Server } from 'node:http'
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, createWalletClient, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startDevnet, type Devnet } from '@portico/devnet'
import { startTestServer } from '@portico/server/testing'
import { buildSecureFrame } from './build.js'

/**
 * The secure frame in Chromium, embedded by a tiny host page on another 127.0.0.1 origin that
 * speaks the protocol by hand (the real host side is packages/embedded).
 */
const CHROMIUM = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium'
const SHOTS = join(process.cwd(), 'screenshots', 'secure-frame')
const PROJECT = 'frame-test'

let browser: Browser
let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
let host: Server
let hostOrigin: string
let otherOrigin: string
let secure: string
let assets: string

function hostPage(frameSrc: string, evilSrc: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Test host</title></head><body>
<h1>Test host</h1>
<iframe id="wallet" src="${frameSrc}" style="width:400px;height:560px;border:1px solid #ccc"></iframe>
<iframe id="sibling" srcdoc="<p>sibling</p>" style="width:10px;height:10px"></iframe>
<iframe id="evil" src="${evilSrc}" style="width:10px;height:10px"></iframe>
<button id="social">Sign in with Google</button>
<script>
  const SECURE = ${JSON.stringify(new URL(frameSrc).origin)}
  const frame = document.getElementById('wallet')
  window.__events = []
  window.__replies = {}
  window.addEventListener('message', (e) => {
    if (e.origin !== SECURE) return
    if (e.data && e.data.type === '@portico-frame/SOCIAL_RESULT') { window.__social = e.data.payload; return }
    if (e.source !== frame.contentWindow) return
    if (e.data.id) window.__replies[e.data.id] = e.data
    else window.__events.push(e.data)
  })
  const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
  window.send = (kind, payload, id = newId()) => {
    frame.contentWindow.postMessage({ type: '@portico-app/' + kind, id, payload }, SECURE)
    return id
  }
  window.call = (kind, payload, ms = 30000) => new Promise((resolve) => {
    const id = window.send(kind, payload)
    const until = Date.now() + ms
    const tick = () => {
      const reply = window.__replies[id]
      if (reply) return resolve(reply)
      if (Date.now() > until) return resolve({ type: 'timeout', id })
      setTimeout(tick, 25)
    }
    tick()
  })
  // The social popup opens synchronously on click (as the host side does it).
  document.getElementById('social').addEventListener('click', async () => {
    const popup = window.open(SECURE + '/social/loading', 'portico-social', 'width=600,height=800')
    const reply = await window.call('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })
    popup.location.href = reply.payload.uri
  })
</script></body></html>`
}

// A page of another origin inside the host page: it can reach the wallet frame via parent.frames.
const EVIL = `<!doctype html><html><body><script>
  window.addEventListener('message', (e) => {
    if (e.data === 'forge') parent.frames[0].postMessage({ type: '@portico-app/IS_CONNECTED', id: 'e'.repeat(32), payload: {} }, '*')
  })
</script></body></html>`

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}`)
  assets = mkdtempSync(join(tmpdir(), 'portico-frame-'))
  await buildSecureFrame({ outDir: assets, minify: false })
  mkdirSync(SHOTS, { recursive: true })

  let frameSrc = ''
  let evilSrc = ''
  host = createServer((req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8')
    res.end(req.url?.startsWith('/evil') ? EVIL : hostPage(frameSrc, evilSrc))
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  const port = (host.address() as { port: number }).port
  hostOrigin = `http://127.0.0.1:${port}`
  otherOrigin = `http://localhost:${port}` // the same server under another origin
  evilSrc = `${otherOrigin}/evil`

  devnet = await startDevnet({ randomPorts: true, skipFixtures: true })
  server = await startTestServer({
    rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    projects: [{ projectId: PROJECT, name: 'Frame Test Shop', allowedOrigins: [hostOrigin], features: {}, analytics: false }],
    secureFrame: { port: 0, assetsDir: assets },
    devMailCatcher: { port: 0 },
    devIdentityProvider: { port: 0 },
    devRoutes: true,
    auth: { sendCooldownMs: 500 },
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
  })
  secure = server.embedded!.secureFrameUrl
  frameSrc = `${secure}/frame?projectId=${PROJECT}&chainId=31337&version=test&enableLogger=false&rpcUrl=${encodeURIComponent(devnet.chains[0]!.rpcUrl)}`
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await devnet?.stop()
  await new Promise((resolve) => host?.close(resolve))
  if (assets) rmSync(assets, { recursive: true, force: true })
})

type Reply = { type: string; id?: string; payload: any }
const call = (page: Page, kind: string, payload: unknown = {}, ms = 30_000) =>
  page.evaluate(([k, p, t]) => (window as any).call(k, p, t), [kind, payload, ms] as const) as Promise<Reply>
const events = (page: Page) => page.evaluate(() => (window as any).__events.map((e: Reply) => e.type)) as Promise<string[]>
async function waitFor<T>(fn: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await fn()
    if (value) return value
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 100))
  }
}
const walletFrame = (page: Page): Frame => page.frames().find((f) => f.url().startsWith(`${secure}/frame`))!

async function openHost() {
  const context = await browser.newContext({ viewport: { width: 900, height: 760 } })
  const page = await context.newPage()
  const warnings: string[] = []
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()))
  page.on('pageerror', (e) => console.error('[page error]', e.message))
  await page.goto(hostOrigin)
  await waitFor(async () => (await events(page)).includes('@portico-frame/READY'), 60_000)
  return { context, page, warnings }
}

async function inbox(email: string) {
  const r = await fetch(`${server.url}/dev/mail.json?to=${encodeURIComponent(email)}`)
  return ((await r.json()) as { messages: { subject: string }[] }).messages
}

async function emailLogin(page: Page, email: string) {
  const before = (await inbox(email)).length
  await new Promise((r) => setTimeout(r, 600)) // the test server's send cooldown is 500 ms
  expect(await call(page, 'CONNECT_EMAIL', { email })).toMatchObject({ type: '@portico-frame/CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
  const mail = await waitFor(async () => {
    const messages = await inbox(email)
    return messages.length > before && messages[0]
  })
  const otp = /\b(\d{6})\b/.exec(mail.subject)![1]
  expect(await call(page, 'CONNECT_OTP', { otp })).toMatchObject({ type: '@portico-frame/CONNECT_OTP_SUCCESS' })
}

describe('secure frame in Chromium', () => {
  it('email OTP login, approval-screen signing, forged messages ignored, nothing in host storage', async () => {
    const { context, page, warnings } = await openHost()
    await waitFor(async () => (await events(page)).includes('@portico-frame/NOT_CONNECTED'))
    expect(await call(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: false } })

    await emailLogin(page, 'frame-user@example.com')
    const user = await call(page, 'GET_USER', {})
    expect(user.type).toBe('@portico-frame/GET_USER_SUCCESS')
    expect(user.payload.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(user.payload.email).toBe('frame-user@example.com')
    expect(user.payload.addresses.solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const address = user.payload.address as `0x${string}`

    // personal_sign: the frame asks the host to show it, draws the screen, waits for Approve.
    await call(page, 'SYNC_DAPP_DATA', {
      projectId: PROJECT,
      sdkType: 'portico',
      sdkVersion: 'test',
      metadata: { name: 'Frame Test Shop', description: '', url: hostOrigin, icons: [] },
    })
    const message = 'Hello from the test host'
    const signId = await page.evaluate(([m, a]) => (window as any).send('RPC_REQUEST', { method: 'personal_sign', params: [m, a] }), [message, address])
    await waitFor(async () => (await events(page)).includes('@portico-frame/RPC_APPROVAL_NEEDED'))
    const frame = walletFrame(page)
    const approve = frame.getByTestId('frame-approve')
    expect(await approve.isDisabled()).toBe(true) // enabled only after a short delay (clickjacking)
    await expect.poll(() => approve.isEnabled(), { timeout: 10_000 }).toBe(true)
    expect(await frame.locator('.approval-origin').textContent()).toContain('Frame Test Shop')
    await page.locator('#wallet').screenshot({ path: join(SHOTS, 'approval-dark.png') })
    await approve.click()
    const signed = await waitFor(() => page.evaluate((id) => (window as any).__replies[id], signId))
    expect(signed.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    expect(await verifyMessage({ address, message, signature: signed.payload })).toBe(true)
    expect(await events(page)).toContain('@portico-frame/RPC_APPROVAL_DONE')

    // eth_sendTransaction: the frame fills nonce, gas and fees, shows them, signs and sends.
    const chain = devnet.chains[0]!
    const funder = createWalletClient({ account: privateKeyToAccount(devnet.accounts[0]!.privateKey), transport: http(chain.rpcUrl) })
    const publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
    const funding = await funder.sendTransaction({ to: address, value: parseEther('1'), chain: null })
    await publicClient.waitForTransactionReceipt({ hash: funding })
    const to = devnet.accounts[1]!.address
    const sendId = await page.evaluate(
      ([from, recipient]) =>
        (window as any).send('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from, to: recipient, value: '0x16345785d8a0000' }] }),
      [address, to],
    )
    await expect.poll(() => frame.getByTestId('frame-approve').isEnabled(), { timeout: 15_000 }).toBe(true)
    expect(await frame.locator('.approval-rows').textContent()).toContain('0.1 ETH')
    await page.locator('#wallet').screenshot({ path: join(SHOTS, 'approval-transaction-dark.png') })
    await frame.getByTestId('frame-approve').click()
    const sent = await waitFor(() => page.evaluate((id) => (window as any).__replies[id], sendId))
    expect(sent.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    const receipt = await publicClient.waitForTransactionReceipt({ hash: sent.payload })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await call(page, 'RPC_REQUEST', { method: 'eth_getBalance', params: [to, 'latest'] })).toMatchObject({ type: '@portico-frame/RPC_REQUEST_SUCCESS' })
    // The second chain is not the host's rpcUrl: the frame reads it through the server (POST /v1/rpc/eip155:31338).
    const proxied: string[] = []
    page.on('request', (r) => r.url().includes('/v1/rpc/') && proxied.push(new URL(r.url()).pathname))
    const height = await call(page, 'RPC_REQUEST', { method: 'eth_blockNumber', params: [], chainId: 31338 })
    expect(height).toMatchObject({ type: '@portico-frame/RPC_REQUEST_SUCCESS' })
    expect(String(height.payload)).toMatch(/^0x[0-9a-f]+$/)
    expect(proxied).toContain('/v1/rpc/eip155:31338')

    // Light theme, and a rejection.
    await call(page, 'SYNC_THEME', { themeMode: 'light' })
    const rejectId = await page.evaluate(
      (a) => (window as any).send('RPC_REQUEST', { method: 'personal_sign', params: ['0x48656c6c6f2c206c69676874', a] }),
      address,
    )
    const reject = frame.getByTestId('frame-reject')
    await expect.poll(() => reject.isEnabled(), { timeout: 10_000 }).toBe(true)
    await page.locator('#wallet').screenshot({ path: join(SHOTS, 'approval-light.png') })
    await reject.click()
    const rejected = await waitFor(() => page.evaluate((id) => (window as any).__replies[id], rejectId))
    expect(rejected).toMatchObject({ type: '@portico-frame/RPC_REQUEST_ERROR', payload: { message: 'User rejected the request' } })

    // RPC_ABORT rejects a pending unsafe request.
    const abortId = await page.evaluate((a) => (window as any).send('RPC_REQUEST', { method: 'personal_sign', params: ['abort me', a] }), address)
    await expect.poll(() => frame.getByTestId('frame-approve').count(), { timeout: 10_000 }).toBe(1)
    await call(page, 'RPC_ABORT')
    const aborted = await waitFor(() => page.evaluate((id) => (window as any).__replies[id], abortId))
    expect(aborted).toMatchObject({ type: '@portico-frame/RPC_REQUEST_ERROR', payload: { message: 'Request was aborted' } })

    // Methods on neither list are refused; safe ones answer silently.
    expect(await call(page, 'RPC_REQUEST', { method: 'eth_sign', params: [address, '0x00'] })).toMatchObject({
      payload: { message: 'Requested RPC call is not allowed' },
    })
    expect(await call(page, 'RPC_REQUEST', { method: 'eth_accounts' })).toMatchObject({ payload: [address] })

    // Forged messages: another window of the host origin, a window of another origin, a bad schema.
    await page.evaluate(() => {
      const sibling = (document.getElementById('sibling') as HTMLIFrameElement).contentWindow as any
      sibling.eval(`parent.frames[0].postMessage({ type: '@portico-app/IS_CONNECTED', id: 'a'.repeat(32), payload: {} }, '*')`)
      ;(document.getElementById('evil') as HTMLIFrameElement).contentWindow!.postMessage('forge', '*')
      ;(window as any).send('GET_USER', {}, 'not-a-valid-id')
      ;(window as any).send('NO_SUCH_KIND', {}, 'b'.repeat(32))
      ;(window as any).send('CONNECT_EMAIL', { email: 'nope' }, 'c'.repeat(32))
    })
    await waitFor(async () => warnings.filter((w) => w.includes('[portico-frame] ignored')).length >= 5, 10_000)
    expect(await call(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } }) // still answering
    const replies = await page.evaluate(() => Object.keys((window as any).__replies))
    for (const id of ['a'.repeat(32), 'e'.repeat(32), 'not-a-valid-id', 'b'.repeat(32), 'c'.repeat(32)]) expect(replies).not.toContain(id)

    // Nothing of the wallet in the host origin's storage; the frame origin has its database.
    const hostStorage = await page.evaluate(async () => ({
      idb: (await indexedDB.databases()).map((d) => d.name),
      local: localStorage.length,
      session: sessionStorage.length,
      cookie: document.cookie,
    }))
    expect(hostStorage).toEqual({ idb: [], local: 0, session: 0, cookie: '' })
    expect(await walletFrame(page).evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toEqual(['portico-secure-frame'])

    // A reload stays signed in (same address); sign-out ends it.
    await page.reload()
    await waitFor(async () => (await events(page)).includes('@portico-frame/READY'), 60_000)
    expect(await call(page, 'GET_USER', {})).toMatchObject({ payload: { address } })
    expect(await events(page)).not.toContain('@portico-frame/NOT_CONNECTED')
    expect(await call(page, 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toMatchObject({ payload: { type: 'smartAccount', address } })
    expect(await call(page, 'SIGN_OUT')).toMatchObject({ type: '@portico-frame/SIGN_OUT_SUCCESS' })
    expect(await call(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: false } })
    // Signing in again on this device rebuilds the same wallet from the device share + auth share.
    await emailLogin(page, 'frame-user@example.com')
    expect(await call(page, 'GET_USER', {})).toMatchObject({ payload: { address, preferredAccountType: 'smartAccount' } })
    await context.close()
  }, 180_000)

  it('frame headers: strict CSP, frame-ancestors from the project, refused for unknown projects', async () => {
    const response = await fetch(`${secure}/frame?projectId=${PROJECT}&chainId=31337&rpcUrl=http%3A%2F%2F127.0.0.1%3A9%2F`)
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain(`frame-ancestors ${hostOrigin}`)
    // The host's rpcUrl, and the server (which reads its own chains for the frame); never the server's chain URLs.
    expect(csp).toContain(`connect-src ${new URL(server.url).origin} http://127.0.0.1:9;`)
    expect(csp).not.toContain(new URL(devnet.chains[0]!.rpcUrl).origin)
    expect(await response.text()).not.toMatch(/<script>/)
    expect((await fetch(`${secure}/frame?projectId=nope`)).status).toBe(403)
  })

  it('social login in a popup: loading page, local OpenID provider, result posted to the host only', async () => {
    const { context, page } = await openHost()
    const popupPromise = context.waitForEvent('page')
    await page.click('#social')
    const popup = await popupPromise
    await popup.setViewportSize({ width: 600, height: 800 })
    await popup.waitForURL(/\/interaction\//, { timeout: 30_000 })
    await popup.fill('input[name=email]', 'popup-user@example.com')
    await popup.fill('input[name=name]', 'Popup User')
    popup.on('console', (m) => console.log('[popup]', m.type(), m.text()))
    await popup.click('button[type=submit]')
    const result = await waitFor(() => page.evaluate(() => (window as any).__social), 30_000).catch(async (e) => {
      if (!popup.isClosed()) {
        console.log('[popup] stuck at', popup.url(), (await popup.content()).slice(0, 500))
        console.log('[popup] opener?', await popup.evaluate(() => Boolean(window.opener)))
      }
      throw e
    })
    // The popup tells the host only that it is done: the server redeemed the answer itself.
    expect(result).toEqual({ status: 'done' })
    const user = await call(page, 'CONNECT_SOCIAL', {})
    expect(user).toMatchObject({ type: '@portico-frame/CONNECT_SOCIAL_SUCCESS', payload: { email: 'popup-user@example.com', userName: 'Popup User' } })
    expect(user.payload.address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // The loading page the popup opens on.
    const loading = await context.newPage()
    await loading.setViewportSize({ width: 600, height: 800 })
    await loading.goto(`${secure}/social/loading`)
    await loading.screenshot({ path: join(SHOTS, 'popup-loading.png') })
    await context.close()
  }, 180_000)
})
