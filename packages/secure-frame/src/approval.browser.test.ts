import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Frame, type Locator, type Page } from 'playwright-core'
import { createServer, type Server } from 'node:http'
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encodeFunctionData, erc20Abi, maxUint256, verifyMessage, verifyTypedData, type Address } from 'viem'
import { DEVNET_CONTRACTS, startDevnet, type Devnet } from '@portico/devnet'
import { DEFAULT_CONFIG } from '@portico/server'
import { startTestServer } from '@portico/server/testing'
import { buildSecureFrame } from './build.js'
import { APPROVAL_DELAY_MS } from './frame/approvalGuard.js'

/**
 * The approval screen against a hostile host: a page on another origin embeds the real frame (as
 * packages/embedded does: a fixed iframe it can restyle at will) and tries to get a click or a key
 * press onto Approve by covering, hiding, moving or resizing the frame, or by keyboard. Each attack
 * runs in Chromium against the real frame, server and devnet, and fails the test if it approves.
 */
const CHROMIUM = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium'
const SHOTS = join(process.cwd(), 'screenshots', 'secure-frame')
const PROJECT = 'approval-test'
const FRAME_BOX = { left: 40, top: 40, width: 400, height: 600 }

let browser: Browser
let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
let host: Server
let secure: string
let assets: string
let page: Page
let address: Address

function hostPage(frameSrc: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Hostile host</title><style>
  body { margin: 0; font: 15px system-ui, sans-serif; background: #e4e4e7; }
  #wallet { position: fixed; z-index: 5; border: 0; background: transparent; }
  #decoy { position: fixed; left: 560px; top: 420px; width: 180px; height: 56px; font-size: 16px; }
  #cover { display: none; position: fixed; inset: 0; z-index: 10; background: #fde047; padding: 40px; }
  #glass { display: none; position: fixed; z-index: 10; pointer-events: none; background: transparent; color: #16a34a; font: 700 22px system-ui; }
</style></head><body>
<iframe id="wallet" src="${frameSrc}"></iframe>
<button id="decoy">Claim your prize</button>
<div id="cover"><h1>Win a prize!</h1><p>Click as fast as you can.</p></div>
<div id="glass">Free mint ✓ safe</div>
<script>
  const SECURE = ${JSON.stringify(new URL(frameSrc).origin)}
  const frame = document.getElementById('wallet')
  window.layout = (box) => Object.assign(frame.style, { left: box.left + 'px', top: box.top + 'px', width: box.width + 'px', height: box.height + 'px', opacity: '', transform: '' })
  window.layout(${JSON.stringify(FRAME_BOX)})
  window.__events = []
  window.__replies = {}
  window.addEventListener('message', (e) => {
    if (e.origin !== SECURE || e.source !== frame.contentWindow) return
    if (e.data.id) window.__replies[e.data.id] = e.data
    else window.__events.push(e.data.type)
  })
  const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
  window.send = (kind, payload) => {
    const id = newId()
    frame.contentWindow.postMessage({ type: '@portico-app/' + kind, id, payload }, SECURE)
    return id
  }
  window.call = (kind, payload) => new Promise((resolve) => {
    const id = window.send(kind, payload)
    const tick = () => (window.__replies[id] ? resolve(window.__replies[id]) : setTimeout(tick, 25))
    tick()
  })
</script></body></html>`
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}`)
  assets = mkdtempSync(join(tmpdir(), 'portico-approval-'))
  await buildSecureFrame({ outDir: assets, minify: false })
  mkdirSync(SHOTS, { recursive: true })

  let frameSrc = ''
  host = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8')
    res.end(hostPage(frameSrc))
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  const hostOrigin = `http://127.0.0.1:${(host.address() as { port: number }).port}`

  devnet = await startDevnet({ randomPorts: true, chains: [{ chainId: 31337 }], smartAccounts: true })
  const aa = DEFAULT_CONFIG.smartAccounts!
  server = await startTestServer({
    rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    projects: [
      {
        projectId: PROJECT,
        name: 'Approval Test Shop',
        allowedOrigins: [hostOrigin],
        features: {},
        analytics: false,
        // A sponsored smart account whose day's budget is spent (0 wei): the Gas row says so (the last test).
        smartAccountNetworks: ['eip155:31337'],
        sponsoredNetworks: ['eip155:31337'],
        sponsorshipBudget: { perUserPerDayWei: '0' },
      },
    ],
    smartAccounts: { chains: { 'eip155:31337': { ...aa.chains['eip155:31337']!, bundlerUrl: devnet.chains[0]!.bundlerUrl! } }, paymaster: aa.paymaster },
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

  const context = await browser.newContext({ viewport: { width: 900, height: 720 } })
  page = await context.newPage()
  page.on('pageerror', (e) => console.error('[page error]', e.message))
  await page.goto(hostOrigin)
  await waitFor(async () => (await page.evaluate(() => (window as any).__events as string[])).includes('@portico-frame/NOT_CONNECTED'), 60_000)
  address = await emailLogin('approval-user@example.com')
  await call('SYNC_DAPP_DATA', {
    projectId: PROJECT,
    sdkType: 'portico',
    sdkVersion: 'test',
    metadata: { name: 'Approval Test Shop', description: '', url: hostOrigin, icons: [] },
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
const approveButton = (): Locator => walletFrame().getByTestId('frame-approve')
const hostEval = <A>(fn: (arg: A) => void, arg: A) => page.evaluate(fn as never, arg)

async function emailLogin(email: string): Promise<Address> {
  const inbox = async () =>
    ((await (await fetch(`${server.url}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { subject: string }[] }).messages
  expect(await call('CONNECT_EMAIL', { email })).toMatchObject({ type: '@portico-frame/CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
  const mail = await waitFor(async () => (await inbox())[0])
  const otp = /\b(\d{6})\b/.exec(mail.subject)![1]
  expect(await call('CONNECT_OTP', { otp })).toMatchObject({ type: '@portico-frame/CONNECT_OTP_SUCCESS' })
  return (await call('GET_USER', {})).payload.address
}

/** Sends an unsafe request and waits for its approval screen (not yet armed). */
async function ask(method: string, params: unknown[]): Promise<string> {
  const id = await page.evaluate(([m, p]) => (window as any).send('RPC_REQUEST', { method: m, params: p }), [method, params] as const)
  await approveButton().waitFor({ timeout: 20_000 })
  return id
}
const armed = () => expect.poll(() => approveButton().isEnabled(), { timeout: 10_000 }).toBe(true)
/** As a user: the pointer onto Approve, then, once it is enabled, a click. */
async function approveByClick() {
  const target = center(await approveButton().boundingBox())
  await page.mouse.move(target.x, target.y)
  await armed()
  await approveButton().click()
}
const center = (box: { x: number; y: number; width: number; height: number } | null) => ({ x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 })

/** The request is still waiting: no answer after a while, and the screen is still up. */
async function notApproved(id: string, attack = 'the attack') {
  await sleep(APPROVAL_DELAY_MS + 400)
  const reply = await replyTo(id)
  expect(reply?.type, `${attack} approved the request`).not.toBe('@portico-frame/RPC_REQUEST_SUCCESS')
  if (!reply) expect(await approveButton().count()).toBe(1)
}

async function dismiss(id: string) {
  if (!(await replyTo(id))) await call('RPC_ABORT')
  await waitFor(() => replyTo(id))
}

/** Runs the step and the immediate click/key of an attack, and checks they came within the delay. */
async function quickly(step: () => Promise<unknown>, strike: () => Promise<unknown>) {
  const start = Date.now()
  await step()
  await strike()
  expect(Date.now() - start, 'the attack was too slow to mean anything').toBeLessThan(APPROVAL_DELAY_MS)
}

const signMessage = (text: string) => ask('personal_sign', [text, address])
const onApprove = () => walletFrame().evaluate(() => document.activeElement?.getAttribute('data-testid') === 'frame-approve' && document.hasFocus())

/** As a keyboard user (and packages/embedded, which focuses the frame it shows): Tab until Approve has the focus. */
async function tabToApprove() {
  await hostEval(() => (document.getElementById('wallet') as HTMLIFrameElement).focus(), null)
  for (let i = 0; i < 6 && !(await onApprove()); i++) await page.keyboard.press('Tab')
  expect(await onApprove()).toBe(true)
}

describe('approval screen in Chromium: redress attacks by the host do not approve', () => {
  beforeEach(async () => {
    await hostEval((box) => (window as any).layout(box), FRAME_BOX)
    await hostEval(() => {
      document.getElementById('cover')!.style.display = 'none'
      document.getElementById('glass')!.style.display = 'none'
    }, null)
    await page.mouse.move(5, 5)
  })

  it('an opaque cover over the frame, removed just before a click or an Enter: not approved (the delay restarted)', async () => {
    const id = await signMessage('cover attack')
    await armed()
    const target = center(await approveButton().boundingBox())
    await page.mouse.move(target.x, target.y) // the user's cursor rests where the game asks to click
    await hostEval(() => (document.getElementById('cover')!.style.display = 'block'), null)
    await sleep(500) // the game shows for a while
    await quickly(
      () => hostEval(() => (document.getElementById('cover')!.style.display = 'none'), null),
      () => page.mouse.click(target.x, target.y),
    )
    await notApproved(id)

    // The same with the keyboard focus on Approve long before: uncover, then Enter at once.
    await armed()
    await tabToApprove()
    await sleep(APPROVAL_DELAY_MS + 200)
    await hostEval(() => (document.getElementById('cover')!.style.display = 'block'), null)
    await sleep(500)
    await quickly(
      () => hostEval(() => (document.getElementById('cover')!.style.display = 'none'), null),
      () => page.keyboard.press('Enter'),
    )
    await notApproved(id)
    await dismiss(id)
  }, 60_000)

  it('a see-through overlay drawn over the frame, or a nearly transparent frame: Approve is held back until it is plainly visible again', async () => {
    const id = await signMessage('glass attack')
    await armed()
    await hostEval(
      (box) => Object.assign(document.getElementById('glass')!.style, { display: 'block', left: `${box.left + 20}px`, top: `${box.top + 180}px` }),
      FRAME_BOX,
    )
    await sleep(500)
    const target = center(await approveButton().boundingBox())
    await page.mouse.click(target.x, target.y) // clicks pass through the overlay to the frame
    await notApproved(id)
    expect(await approveButton().isDisabled()).toBe(true)
    await hostEval(() => (document.getElementById('glass')!.style.display = 'none'), null)
    await armed() // re-armed after the delay, once nothing is drawn over it

    await hostEval(() => (document.getElementById('wallet')!.style.opacity = '0.05'), null)
    await sleep(500)
    await page.mouse.click(target.x, target.y)
    await notApproved(id)
    expect(await approveButton().isDisabled()).toBe(true)
    await hostEval(() => (document.getElementById('wallet')!.style.opacity = ''), null)
    await armed()
    await dismiss(id)
  }, 60_000)

  it('the frame slid under a resting cursor, moved or resized just before the click or the Enter: not approved', async () => {
    // Chromium itself drops pointer input to a frame that uses IntersectionObserver v2 for 500 ms
    // after the frame moved. The presses here come after that, so what refuses them is the frame's
    // own guard, from pointer evidence (where the frame is on screen, whether the pointer moved over
    // it), whatever the timing.
    const pastChromiumDiscard = () => sleep(550)
    const pressInPlace = async () => {
      await pastChromiumDiscard()
      await page.mouse.down()
      await page.mouse.up()
    }
    const moveFrameBy = (dx: number, dy: number) =>
      hostEval(([x, y, box]) => (window as any).layout({ ...box, left: box.left + x, top: box.top + y }), [dx, dy, FRAME_BOX] as const)
    const resize = () => hostEval((box) => (window as any).layout({ ...box, width: box.width + 24, height: box.height - 30 }), FRAME_BOX)
    const attacks: Record<string, () => Promise<void>> = {
      // The cursor rests on the message the user reads; the host slides Approve under it; a press.
      'slid under a cursor resting on the frame': async () => {
        const reading = center(await walletFrame().locator('.approval-body').boundingBox())
        await page.mouse.move(reading.x, reading.y)
        await sleep(300)
        const target = center(await approveButton().boundingBox())
        await moveFrameBy(reading.x - target.x, reading.y - target.y)
        await pressInPlace()
      },
      // The cursor rests on the host's own button, outside the frame; the frame slides under it.
      'slid under a cursor resting outside the frame': async () => {
        const decoy = center(await page.locator('#decoy').boundingBox())
        await page.mouse.move(decoy.x, decoy.y)
        await sleep(300)
        const target = center(await approveButton().boundingBox())
        await moveFrameBy(decoy.x - target.x, decoy.y - target.y)
        await pressInPlace()
      },
      // The host moves the frame while the pointer is over it; the pointer goes onto Approve; click.
      'moved under the pointer, then a click': async () => {
        const reading = center(await walletFrame().locator('.approval-body').boundingBox())
        await page.mouse.move(reading.x, reading.y)
        await sleep(300)
        const target = center(await approveButton().boundingBox())
        await moveFrameBy(60, 0)
        await pastChromiumDiscard()
        await page.mouse.click(target.x + 60, target.y)
      },
      // The host resizes the frame; a click at once (Chromium drops it too) …
      'resized, then a click at once': async () => {
        await quickly(resize, async () => {
          const target = center(await approveButton().boundingBox())
          await page.mouse.click(target.x, target.y)
        })
      },
      // … or an Enter at once on Approve, which had the focus well before (keys are not dropped).
      'resized, then Enter at once': async () => {
        await tabToApprove()
        await sleep(APPROVAL_DELAY_MS + 200)
        await quickly(resize, () => page.keyboard.press('Enter'))
      },
    }
    for (const [name, attack] of Object.entries(attacks)) {
      await hostEval((box) => (window as any).layout(box), FRAME_BOX)
      await page.mouse.move(5, 5)
      const id = await signMessage(`move attack (${name}): a long message the user is reading\n`.repeat(3))
      await armed()
      await attack()
      await notApproved(id, name)
      await dismiss(id)
    }
  }, 120_000)

  it('Tab-Tab-Enter right after the screen shows, or right after Tab reaches Approve: not approved; Enter after the delay approves', async () => {
    const message = 'keyboard attack'
    const id = await signMessage(message)
    // As packages/embedded does when it shows the frame: the host focuses it.
    await hostEval(() => (document.getElementById('wallet') as HTMLIFrameElement).focus(), null)
    for (const key of ['Tab', 'Tab', 'Enter', 'Tab', 'Enter']) await page.keyboard.press(key)
    await sleep(APPROVAL_DELAY_MS + 400)
    const first = await replyTo(id)
    expect(first?.type, 'Tab-Tab-Enter approved').not.toBe('@portico-frame/RPC_REQUEST_SUCCESS')

    // Once Approve is enabled: Tab onto it and press Enter (or Space) at once.
    const next = first ? await signMessage(message) : id
    await armed()
    await quickly(tabToApprove, () => page.keyboard.press('Enter'))
    await page.keyboard.press('Space')
    await page.keyboard.press('Enter')
    await notApproved(next)

    // Focus held on Approve for the delay, no key in between: Enter approves.
    expect(await onApprove()).toBe(true)
    await sleep(APPROVAL_DELAY_MS + 200)
    await page.keyboard.press('Enter')
    const signed = await waitFor(() => replyTo(next), 10_000)
    expect(signed.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    expect(await verifyMessage({ address, message, signature: signed.payload })).toBe(true)
  }, 60_000)

  it('after the delay, with the frame in plain view, a click approves', async () => {
    const message = 'a plain approval'
    const id = await signMessage(message)
    expect(await approveButton().isDisabled()).toBe(true)
    await armed()
    await approveButton().click() // as e2e/support/embedded.ts approveInFrame does
    const signed = await waitFor(() => replyTo(id), 10_000)
    expect(signed.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    expect(await verifyMessage({ address, message, signature: signed.payload })).toBe(true)
  }, 30_000)
})

describe('approval screen in Chromium: what is signed is on the screen', () => {
  const sizes = { desktop: FRAME_BOX, narrow: { left: 20, top: 20, width: 320, height: 560 } }
  async function shoot(name: string) {
    for (const theme of ['dark', 'light'] as const) {
      await call('SYNC_THEME', { themeMode: theme })
      for (const [size, box] of Object.entries(sizes)) {
        await hostEval((b) => (window as any).layout(b), box)
        await armed()
        await page.locator('#wallet').screenshot({ path: join(SHOTS, `approval-${name}-${theme}-${size}.png`) })
      }
    }
    await hostEval((b) => (window as any).layout(b), FRAME_BOX)
    await call('SYNC_THEME', { themeMode: 'dark' })
  }
  const screenText = () => walletFrame().locator('.approval').innerText()

  it('typed data: domain (name, version, named network, verifying contract), primary type, fields, permit warning; it signs what it showed', async () => {
    const typed = {
      domain: { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: DEVNET_CONTRACTS.usdc },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner: address, spender: '0x1111111254EEB25477B68fb85Ed929f73A960582', value: maxUint256.toString(), nonce: 0, deadline: 1893456000 },
    }
    const id = await ask('eth_signTypedData_v4', [address, JSON.stringify(typed)])
    const text = await screenText()
    for (const shown of [
      'Sign typed data',
      'Permit',
      'USD Coin',
      'Portico Devnet (testnet) · chain 31337',
      DEVNET_CONTRACTS.usdc,
      'spender',
      '0x1111111254EEB25477B68fb85Ed929f73A960582',
      'Unlimited token permit',
    ])
      expect(text).toContain(shown)
    await shoot('typed-data')
    await approveByClick()
    const signed = await waitFor(() => replyTo(id), 10_000)
    const { EIP712Domain: _domain, ...types } = typed.types
    expect(
      await verifyTypedData({
        address,
        domain: typed.domain as never,
        types,
        primaryType: 'Permit',
        message: typed.message as never,
        signature: signed.payload,
      }),
    ).toBe(true)
  }, 90_000)

  it('an ERC-20 approve of max uint: decoded (spender, token, network), an unlimited-approval warning', async () => {
    const spender = '0x1111111254EEB25477B68fb85Ed929f73A960582'
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })
    const id = await ask('eth_sendTransaction', [{ from: address, to: DEVNET_CONTRACTS.usdc, data }])
    const text = await screenText()
    for (const shown of [
      'Allow token spending',
      'Unlimited USDC',
      spender,
      DEVNET_CONTRACTS.usdc,
      'Portico Devnet (testnet) · chain 31337',
      'Unlimited approval:',
    ])
      expect(text).toContain(shown)
    expect(await walletFrame().getByTestId('frame-warning-danger').count()).toBe(1)
    await shoot('erc20-unlimited-approve')
    await dismiss(id)
  }, 90_000)

  it("issue 19 Languages: the host's SYNC_LOCALE (a code only) puts the screen in Japanese, and in Arabic right to left; an unknown locale is refused", async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: ['0x1111111254EEB25477B68fb85Ed929f73A960582', maxUint256] })
    const expected = {
      ja: ['トークンの使用を許可', '無制限の USDC', '無制限の承認：', 'ネットワーク', '承認', '拒否'],
      ar: ['السماح بإنفاق الرمز', 'USDC بلا حد', 'موافقة بلا حد:', 'الشبكة', 'موافقة', 'رفض'],
    }
    for (const locale of ['ja', 'ar'] as const) {
      expect(await call('SYNC_LOCALE', { locale })).toMatchObject({ type: '@portico-frame/SYNC_LOCALE_SUCCESS' })
      const id = await ask('eth_sendTransaction', [{ from: address, to: DEVNET_CONTRACTS.usdc, data }])
      const text = await screenText()
      for (const shown of expected[locale]) expect(text).toContain(shown)
      expect(text).not.toContain('Unlimited approval')
      const root = await walletFrame().evaluate(() => [document.documentElement.lang, document.documentElement.dir])
      expect(root).toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr'])
      // Nothing runs out of the card sideways (long words, addresses) in either direction.
      expect(await walletFrame().evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true)
      // Right to left, the short spender address in the warning still reads 0x1111…0582 (not 0582…0x1111).
      const [head, tail] = await walletFrame().evaluate(() => {
        const warning = document.querySelector('[data-testid="frame-warning-danger"]')!
        const walker = document.createTreeWalker(warning, NodeFilter.SHOW_TEXT)
        while (walker.nextNode()) {
          const node = walker.currentNode as Text
          const at = node.data.indexOf('0x1111')
          if (at < 0) continue
          const x = (from: number, to: number) => {
            const range = document.createRange()
            range.setStart(node, from)
            range.setEnd(node, to)
            return range.getBoundingClientRect().left
          }
          return [x(at, at + 6), x(at + 7, at + 11)]
        }
        return [0, 0]
      })
      expect(head, 'the address is in the warning').toBeGreaterThan(0)
      expect(head).toBeLessThan(tail)
      await shoot(`locale-${locale}`)
      await dismiss(id)
    }
    // An unknown locale does not pass the protocol's schema: the frame ignores the message and keeps its language.
    const refused = await page.evaluate(() => (window as any).send('SYNC_LOCALE', { locale: 'xx' }))
    await sleep(500)
    expect(await replyTo(refused)).toBeUndefined()
    expect(await walletFrame().evaluate(() => document.documentElement.lang)).toBe('ar')
    expect(await call('SYNC_LOCALE', { locale: 'en' })).toMatchObject({ type: '@portico-frame/SYNC_LOCALE_SUCCESS' })
    expect(await walletFrame().evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr'])
  }, 120_000)

  it('an unknown contract call: its selector and an unknown-call warning', async () => {
    const id = await ask('eth_sendTransaction', [
      { from: address, to: '0x000000000000000000000000000000000000dEaD', data: '0x12345678000000000000000000000000000000000000000000000000000000000000002a' },
    ])
    const text = await screenText()
    for (const shown of ['Contract call', '0x12345678', 'Unknown contract call']) expect(text).toContain(shown)
    await armed()
    await page.locator('#wallet').screenshot({ path: join(SHOTS, 'approval-unknown-call-dark-desktop.png') })
    await dismiss(id)
  }, 30_000)

  it('a message with U+202E and U+200B: shown as visible markers, with a warning; the dapp name too', async () => {
    await call('SYNC_DAPP_DATA', {
      projectId: PROJECT,
      sdkType: 'portico',
      sdkVersion: 'test',
      metadata: { name: 'Approval\u200B Test Shop', description: '', url: '', icons: [] },
    })
    const message = 'Refund for order 1042: open invoice_\u202Efdp.exe\u202C and confirm payout to 0x12\u200B34…abcd'
    const id = await ask('personal_sign', [message, address])
    const body = await walletFrame().locator('.approval-body').innerText()
    expect(body).toBe('Refund for order 1042: open invoice_⟦U+202E⟧fdp.exe⟦U+202C⟧ and confirm payout to 0x12⟦U+200B⟧34…abcd')
    expect(
      await walletFrame()
        .locator('.approval')
        .evaluate((el) => /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060\ufeff]/.test(el.textContent ?? '')),
    ).toBe(false)
    expect(await walletFrame().locator('.approval-dapp').innerText()).toBe('Approval⟦U+200B⟧ Test Shop')
    const warning = await walletFrame().getByTestId('frame-warning-hidden').innerText()
    expect(warning).toContain('U+202E right-to-left override')
    expect(warning).toContain('U+200B zero width space')
    await shoot('bidi-message')
    // What is signed is the message as sent, hidden characters included.
    await approveByClick()
    const signed = await waitFor(() => replyTo(id), 10_000)
    expect(await verifyMessage({ address, message, signature: signed.payload })).toBe(true)
    await call('SYNC_DAPP_DATA', {
      projectId: PROJECT,
      sdkType: 'portico',
      sdkVersion: 'test',
      metadata: { name: 'Approval Test Shop', description: '', url: '', icons: [] },
    })
  }, 90_000)

  it("a smart account whose day's gas sponsorship is spent: the Gas row says 'Gas sponsorship is used up for today; you pay this network fee'", async () => {
    const smart = (await call('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).payload.address as Address
    expect(smart).not.toBe(address)
    try {
      const id = await ask('eth_sendTransaction', [{ from: smart, to: DEVNET_CONTRACTS.usdc, value: '0x0' }])
      const text = await screenText()
      expect(text).toContain('Gas sponsorship is used up for today; you pay this network fee')
      expect(text).not.toContain('Sponsored: you pay no gas')
      await shoot('smart-sponsorship-used-up')
      await dismiss(id)
    } finally {
      await call('SET_PREFERRED_ACCOUNT', { type: 'eoa' })
    }
  }, 90_000)
})
