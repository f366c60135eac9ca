import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Frame, type Page } from 'playwright-core'
import { createServer, type Server } from 'node:http'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { secp256k1 } from '@noble/curves/secp256k1'
import { hexToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { Address, OutScript, p2wpkh, SigHash, Transaction } from '@scure/btc-signer'
import { startBitcoinDevnet, type BitcoinDevnet } from '@portico/devnet/bitcoin'
import { startTestServer } from '@portico/server/testing'
import { buildSecureFrame } from './build.js'
import { bitcoinNetworkOf } from './families/bip122.js'

/**
 * The bip122 approval screens (issue 30) in Chromium, drawn by the real frame served by the real server: a PSBT
 * with the user's input and a stranger's, change marked, fee and fee rate, the SIGHASH and high-fee warnings; a
 * plain payment; a message. Each is screenshotted dark and light, desktop and narrow; Approve signs what was shown.
 * Last, a send on the devnet (a real node, through the server's Esplora proxy): approved on the screen, confirmed.
 */
const CHROMIUM = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium'
const SHOTS = join(process.cwd(), 'screenshots', 'secure-frame')
const PROJECT = 'bitcoin-approval-test'
const REGTEST = '0f9188f13cb7b2c71f2a335e3a4fc328'
const PARAMS = bitcoinNetworkOf(REGTEST)!.params
const FRAME_BOX = { left: 40, top: 40, width: 400, height: 600 }
const SIZES = { desktop: FRAME_BOX, narrow: { left: 20, top: 20, width: 320, height: 560 } }

let browser: Browser
let devnet: BitcoinDevnet
let server: Awaited<ReturnType<typeof startTestServer>>
let host: Server
let secure: string
let assets: string
let page: Page
let payment: { address: string; script: Uint8Array }

const hostPage = (frameSrc: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Host</title><style>
  body { margin: 0; background: #e4e4e7; } #wallet { position: fixed; border: 0; background: transparent; }
</style></head><body><iframe id="wallet" src="${frameSrc}"></iframe><script>
  const SECURE = ${JSON.stringify(new URL(frameSrc).origin)}
  const frame = document.getElementById('wallet')
  window.layout = (box) => Object.assign(frame.style, { left: box.left + 'px', top: box.top + 'px', width: box.width + 'px', height: box.height + 'px' })
  window.layout(${JSON.stringify(FRAME_BOX)})
  window.__events = []
  window.__replies = {}
  window.addEventListener('message', (e) => {
    if (e.origin !== SECURE || e.source !== frame.contentWindow) return
    if (e.data.id) window.__replies[e.data.id] = e.data
    else window.__events.push(e.data.type)
  })
  const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
  window.send = (kind, payload) => { const id = newId(); frame.contentWindow.postMessage({ type: '@portico-app/' + kind, id, payload }, SECURE); return id }
  window.call = (kind, payload) => new Promise((resolve) => { const id = window.send(kind, payload); const tick = () => (window.__replies[id] ? resolve(window.__replies[id]) : setTimeout(tick, 25)); tick() })
</script></body></html>`

type Reply = { type: string; id?: string; payload: any }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function waitFor<T>(fn: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await fn()
    if (value) return value
    if (Date.now() > until) throw new Error('timed out waiting')
    await sleep(100)
  }
}
const call = (kind: string, payload: unknown = {}) => page.evaluate(([k, p]) => (window as any).call(k, p), [kind, payload] as const) as Promise<Reply>
const replyTo = (id: string) => page.evaluate((i) => (window as any).__replies[i], id) as Promise<Reply | undefined>
const walletFrame = (): Frame => page.frames().find((f) => f.url().startsWith(`${secure}/frame`))!
const approveButton = () => walletFrame().getByTestId('frame-approve')
const armed = () => expect.poll(() => approveButton().isEnabled(), { timeout: 10_000 }).toBe(true)
const screenText = async () => (await walletFrame().locator('.approval').textContent()) ?? ''
const bitcoin = (method: string, params: unknown) =>
  page.evaluate(([m, p, c]) => (window as any).send('RPC_REQUEST', { method: m, params: p, chainId: c, chainNamespace: 'bip122' }), [
    method,
    params,
    REGTEST,
  ] as const)
async function ask(method: string, params: unknown) {
  const id = await bitcoin(method, params)
  await approveButton().waitFor({ timeout: 20_000 })
  return id
}

async function shoot(name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await call('SYNC_THEME', { themeMode: theme })
    for (const [size, box] of Object.entries(SIZES)) {
      await page.evaluate((b) => (window as any).layout(b), box)
      await armed()
      // Nothing runs out of the card sideways (long addresses), narrow or not.
      expect(await walletFrame().evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true)
      await page.locator('#wallet').screenshot({ path: join(SHOTS, `approval-bitcoin-${name}-${theme}-${size}.png`) })
    }
  }
  await page.evaluate((b) => (window as any).layout(b), FRAME_BOX)
  await call('SYNC_THEME', { themeMode: 'dark' })
}

async function approveByClick(id: string): Promise<Reply> {
  await page.mouse.move(FRAME_BOX.left + 200, FRAME_BOX.top + 300)
  await approveButton().scrollIntoViewIfNeeded()
  await armed()
  await approveButton().click()
  return waitFor(() => replyTo(id))
}

const stranger = p2wpkh(secp256k1.getPublicKey(hexToBytes('11'.repeat(32)), true), PARAMS)
const recipient = p2wpkh(secp256k1.getPublicKey(hexToBytes('22'.repeat(32)), true), PARAMS)
const txid = (n: number) => n.toString(16).padStart(64, '0')

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}`)
  assets = mkdtempSync(join(tmpdir(), 'portico-approval-btc-'))
  await buildSecureFrame({ outDir: assets, minify: false })
  mkdirSync(SHOTS, { recursive: true })
  let frameSrc = ''
  host = createServer((_req, res) => res.setHeader('content-type', 'text/html; charset=utf-8').end(hostPage(frameSrc)))
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  const hostOrigin = `http://127.0.0.1:${(host.address() as { port: number }).port}`
  devnet = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })
  server = await startTestServer({
    rpcUrls: { [devnet.caip2]: devnet.url },
    projects: [{ projectId: PROJECT, name: 'Bitcoin Test Shop', allowedOrigins: [hostOrigin], features: {}, analytics: false }],
    secureFrame: { port: 0, assetsDir: assets },
    devMailCatcher: { port: 0 },
    devIdentityProvider: { port: 0 },
    devRoutes: true,
    auth: { sendCooldownMs: 500 },
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
  })
  secure = server.embedded!.secureFrameUrl
  frameSrc = `${secure}/frame?projectId=${PROJECT}&chainId=31337&version=test&enableLogger=false`
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  page = await (await browser.newContext({ viewport: { width: 900, height: 720 } })).newPage()
  page.on('pageerror', (e) => console.error('[page error]', e.message))
  await page.goto(hostOrigin)
  await waitFor(async () => (await page.evaluate(() => (window as any).__events as string[])).includes('@portico-frame/NOT_CONNECTED'), 60_000)
  const email = 'bitcoin-approval@example.com'
  expect(await call('CONNECT_EMAIL', { email })).toMatchObject({ payload: { action: 'VERIFY_OTP' } })
  const inbox = async () =>
    ((await (await fetch(`${server.url}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { subject: string }[] }).messages
  const mail = await waitFor(async () => (await inbox())[0])
  expect(await call('CONNECT_OTP', { otp: /\b(\d{6})\b/.exec(mail.subject)![1] })).toMatchObject({ type: '@portico-frame/CONNECT_OTP_SUCCESS' })
  await call('SYNC_DAPP_DATA', {
    projectId: PROJECT,
    sdkType: 'portico',
    sdkVersion: 'test',
    metadata: { name: 'Bitcoin Test Shop', description: '', url: hostOrigin, icons: [] },
  })
  // A safe method: answered without a screen.
  const id = await bitcoin('bip122_getAccountAddresses', {})
  const addresses = (await waitFor(() => replyTo(id))).payload as { address: string; intention: string }[]
  const address = addresses.find((a) => a.intention === 'payment')!.address
  payment = { address, script: OutScript.encode(Address(PARAMS).decode(address)) }
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await devnet?.stop()
  await new Promise((resolve) => host?.close(resolve))
  if (assets) rmSync(assets, { recursive: true, force: true })
})

describe('bip122 approval screens in Chromium', () => {
  it("a PSBT with a stranger's input, SIGHASH_NONE and a high fee: every input and output, change, fee and rate, both warnings; Approve signs only the user's input", async () => {
    const tx = new Transaction()
    tx.addInput({ txid: txid(1), index: 0, witnessUtxo: { script: payment.script, amount: 300_000n }, sighashType: SigHash.NONE })
    tx.addInput({ txid: txid(2), index: 1, witnessUtxo: { script: stranger.script, amount: 50_000n } })
    tx.addOutput({ script: recipient.script, amount: 100_000n })
    tx.addOutput({ script: payment.script, amount: 200_000n })
    const id = await ask('bip122_signPsbt', {
      psbt: base64.encode(tx.toPSBT()),
      signInputs: [{ address: payment.address, index: 0, sighashTypes: [SigHash.NONE] }],
    })
    const text = await screenText()
    for (const shown of [
      'Sign Bitcoin transaction',
      'Input 1',
      'Yours (payment address) · signed now',
      'Input 2',
      'Not yours · this wallet does not sign it',
      'Output 2 · change',
      'Back to you (payment address)',
      '0.0005 BTC',
      'sat/vB',
      'Input 1 is signed with NONE, not ALL',
      'The network fee (0.0005 BTC) is high',
    ])
      expect(text).toContain(shown)
    expect(await walletFrame().getByTestId('frame-warning-danger').count()).toBe(1)
    expect(await walletFrame().getByTestId('frame-warning-caution').count()).toBe(1)
    // Screen readers hear the warnings first (role alert) and the card by its title.
    expect(await walletFrame().locator('[role="alert"]').count()).toBe(2)
    expect(await walletFrame().locator('.approval').getAttribute('aria-label')).toBe('Sign Bitcoin transaction')
    await shoot('psbt-warnings')
    const reply = await approveByClick(id)
    expect(reply.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    const signed = Transaction.fromPSBT(base64.decode(reply.payload.psbt))
    expect(signed.getInput(0).partialSig).toHaveLength(1)
    expect(signed.getInput(1).partialSig).toBeUndefined()
  }, 90_000)

  it('a plain payment: recipient, change, fee, no warning', async () => {
    const tx = new Transaction()
    tx.addInput({ txid: txid(3), index: 0, witnessUtxo: { script: payment.script, amount: 1_000_000_000n } })
    tx.addOutput({ script: recipient.script, amount: 10_000_000n })
    tx.addOutput({ script: payment.script, amount: 989_998_590n })
    const id = await ask('bip122_signPsbt', { psbt: base64.encode(tx.toPSBT()) })
    const text = await screenText()
    for (const shown of ['0.1 BTC', '0.0000141 BTC', '≈ 10', 'Output 1', 'Output 2 · change']) expect(text).toContain(shown)
    expect(await walletFrame().locator('[role="alert"]').count()).toBe(0)
    await shoot('payment')
    await call('RPC_ABORT')
    expect((await waitFor(() => replyTo(id))).type).toBe('@portico-frame/RPC_REQUEST_ERROR')
  }, 90_000)

  it('a message: the address, the signature format and the text; in Arabic right to left too', async () => {
    const id = await ask('bip122_signMessage', { address: payment.address, message: 'Sign in to Bitcoin Test Shop\nNonce: 8f2a61c4', protocol: 'bip322' })
    const text = await screenText()
    for (const shown of ['Sign message', payment.address, 'BIP-322', 'Nonce: 8f2a61c4']) expect(text).toContain(shown)
    await shoot('message')
    expect((await approveByClick(id)).payload).toMatchObject({ address: payment.address, signature: expect.any(String) })
    expect(await call('SYNC_LOCALE', { locale: 'ar' })).toMatchObject({ type: '@portico-frame/SYNC_LOCALE_SUCCESS' })
    const tx = new Transaction()
    tx.addInput({ txid: txid(4), index: 0, witnessUtxo: { script: payment.script, amount: 300_000n } })
    tx.addOutput({ script: recipient.script, amount: 100_000n })
    tx.addOutput({ script: payment.script, amount: 150_000n })
    const arabic = await ask('bip122_signPsbt', { psbt: base64.encode(tx.toPSBT()) })
    expect(await screenText()).toContain('رسوم الشبكة')
    await shoot('psbt-ar')
    await call('RPC_ABORT')
    await waitFor(() => replyTo(arabic))
    await call('SYNC_LOCALE', { locale: 'en' })
  }, 90_000)

  it('sendTransfer on the devnet: the screen shows the coins, recipient, change and fee; approved, broadcast and confirmed', async () => {
    await devnet.fund(payment.address, 100_000_000n)
    const recipient = devnet.accounts[3]!.payment.address
    const id = await ask('bip122_sendTransfer', { recipientAddress: recipient, amount: '10000000' })
    const text = await screenText()
    for (const shown of ['Send bitcoin', 'Input 1', '1 BTC', recipient, 'Output 2 · change', '0.1 BTC', 'sat/vB']) expect(text).toContain(shown)
    await shoot('send-devnet')
    const reply = await approveByClick(id)
    expect(reply).toMatchObject({ type: '@portico-frame/RPC_REQUEST_SUCCESS', payload: { txid: expect.stringMatching(/^[0-9a-f]{64}$/) } })
    await devnet.mine(1)
    const utxos = (await (await fetch(`${devnet.url}/address/${recipient}/utxo`)).json()) as { txid: string; value: number; status: { confirmed: boolean } }[]
    expect(utxos.find((u) => u.txid === reply.payload.txid)).toMatchObject({ value: 10_000_000, status: { confirmed: true } })
  }, 90_000)
})
