import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { createServer, type Server } from 'node:http'
import type { FrameLocator, Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { useJourney } from './support/journey.js'
import { chainReader } from './support/wallet.js'

const { newWalletContext, stack } = useJourney()

/**
 * A STAND-IN for Safe{Wallet} (app.safe.global): a held page on its own origin that hosts the demo
 * in an iframe, as Safe{Wallet} hosts a Safe app, and answers the Safe apps SDK's messages the
 * way Safe{Wallet} does (getSafeInfo, rpcCall, sendTransactions, getTxBySafeTxHash; reply shape
 * { id, success, version, data }). The real integration point is Safe{Wallet}'s app frame; the
 * Safe is a fresh anvil account (impersonated, funded) standing for a 1-of-1 Safe, so a
 * sendTransactions is executed at once, on the real devnet. In mode 'queued' it stands for a
 * 2-of-n Safe: sendTransactions queues and answers the safeTxHash; window.confirmQueued() stands
 * for the other owner's confirmation, and executes the queue on the devnet.
 * In mode 'forged' it does not answer; a sibling frame (a foreign window) replies to the demo's
 * getSafeInfo with the right id instead, as a hostile frame on the page would.
 */
function hostPage({ demoUrl, rpcUrl, safe, chainId }: { demoUrl: string; rpcUrl: string; safe: string; chainId: number }) {
  const forgedSafe = privateKeyToAccount(generatePrivateKey()).address
  return `<!doctype html><html><body>
<iframe id="app" src="${demoUrl}" style="width:1000px;height:700px"></iframe>
<iframe id="foreign" srcdoc="<script>addEventListener('message', (e) => {
  parent.frames[0].postMessage({ id: e.data.forge, success: true, version: '9.1.0', data: { safeAddress: '${forgedSafe}', chainId: ${chainId}, threshold: 1, owners: [], isReadOnly: false } }, '*')
  parent.postMessage({ forged: e.data.forge }, '*')
})</script>"></iframe>
<script>
const mode = new URL(location.href).searchParams.get('mode')
const app = document.getElementById('app')
const foreign = document.getElementById('foreign')
window.seen = []
window.forged = []
const executed = new Map()
const queue = new Map()
async function execute(txs) {
  let txHash
  for (const tx of txs)
    // With room to spare, as Safe{Wallet} executes (anvil's own estimate left a Uniswap swap out of gas).
    txHash = await rpc('eth_sendTransaction', [{ from: ${JSON.stringify(safe)}, to: tx.to, value: '0x' + BigInt(tx.value || 0).toString(16), data: tx.data || '0x', gas: '0x1e8480' }])
  return txHash
}
window.confirmQueued = async () => {
  for (const [safeTxHash, txs] of queue) executed.set(safeTxHash, await execute(txs))
  queue.clear()
}
async function rpc(method, params) {
  const response = await fetch(${JSON.stringify(rpcUrl)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = await response.json()
  if (body.error) throw new Error(body.error.message)
  return body.result
}
const handlers = {
  getSafeInfo: () => ({ safeAddress: ${JSON.stringify(safe)}, chainId: ${chainId}, threshold: mode === 'queued' ? 2 : 1, owners: [${JSON.stringify(safe)}], isReadOnly: false }),
  rpcCall: ({ call, params }) => rpc(call, params),
  sendTransactions: async ({ txs }) => {
    const safeTxHash = '0x' + [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')
    // A 2-of-n Safe queues it until another owner confirms (window.confirmQueued stands for that owner).
    if (mode === 'queued') return (queue.set(safeTxHash, txs), { safeTxHash })
    executed.set(safeTxHash, await execute(txs))
    return { safeTxHash }
  },
  getTxBySafeTxHash: ({ safeTxHash }) => ({ safeTxHash, txHash: executed.get(safeTxHash) ?? null, txStatus: executed.has(safeTxHash) ? 'SUCCESS' : 'AWAITING_CONFIRMATIONS' }),
}
addEventListener('message', async (event) => {
  if (event.source === foreign.contentWindow) return void window.forged.push(event.data.forged)
  if (event.source !== app.contentWindow) return
  const { id, method, params } = event.data ?? {}
  if (typeof id !== 'string' || typeof method !== 'string') return
  window.seen.push(method)
  if (mode === 'forged') return void foreign.contentWindow.postMessage({ forge: id }, '*')
  const reply = (message) => app.contentWindow.postMessage({ id, version: '9.1.0', ...message }, '*')
  try {
    if (!handlers[method]) throw new Error('Unsupported method ' + method)
    reply({ success: true, data: await handlers[method](params) })
  } catch (error) {
    reply({ success: false, error: error.message })
  }
})
</script></body></html>`
}

async function anvil(method: string, params: unknown[]) {
  const response = await fetch(stack.chains[0]!.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
}

const safe = privateKeyToAccount(generatePrivateKey()).address
let server: Server
let hostUrl = ''
beforeAll(async () => {
  // The Safe stands as a fresh devnet account: funded, and sent from without a key (impersonated).
  await anvil('anvil_setBalance', [safe, `0x${(100n * 10n ** 18n).toString(16)}`])
  await anvil('anvil_impersonateAccount', [safe])
  const html = hostPage({ demoUrl: stack.demoUrl, rpcUrl: stack.chains[0]!.rpcUrl, safe, chainId: stack.chains[0]!.chainId })
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  hostUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/`
})
afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

async function openInSafe(mode: 'safe' | 'forged' | 'queued'): Promise<{ page: Page; app: FrameLocator }> {
  const page = await (await newWalletContext()).newPage()
  page.on('pageerror', (error) => console.error('[page error]', error.message))
  await page.goto(`${hostUrl}?mode=${mode}`)
  return { page, app: page.frameLocator('#app') }
}

/** Account → Send: the amount and receiver, Preview, Send; the dialog, to read its snack. */
async function sendFromTheSafe(app: FrameLocator, amount: string, receiver: string) {
  await app.getByTestId('portico-connect-button').getByRole('button').click()
  const dialog = app.getByRole('dialog')
  await dialog.getByTestId('account-view').waitFor()
  await dialog.getByTestId('feature-send').click()
  await dialog.getByTestId('send-amount').fill(amount)
  await dialog.getByTestId('send-receiver').fill(receiver)
  const next = dialog.getByTestId('send-continue')
  await expect.poll(() => next.textContent(), { timeout: 10_000 }).toBe('Preview Send')
  await next.click()
  await dialog.getByTestId('send-submit').click()
  return dialog
}

describe('a page in a Safe{Wallet} app frame connects through the Safe apps messaging automatically', () => {
  test("rule: the demo in the Safe's app frame connects to the Safe without a click, and a send goes through the Safe onto the devnet", async () => {
    const started = Date.now()
    const { page, app } = await openInSafe('safe')
    const hostedReads: string[] = []
    page.on('request', (request) => request.url().includes('/v1/?chainId=eip155%3A') && hostedReads.push(request.url()))
    await expect.poll(() => app.getByTestId('site-address').textContent(), { timeout: 20_000 }).toBe(safe)
    console.log(`[safe-app] connected ${Date.now() - started} ms after the host page opened`)

    const chain = chainReader(stack.chains[0]!.rpcUrl)
    const receiver = DEV_ACCOUNTS[2]!.address
    const before = await chain.eth(receiver)
    const dialog = await sendFromTheSafe(app, '0.5', receiver)
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction sent')
    expect((await chain.eth(receiver)) - before).toBe(500_000_000_000_000_000n)
    // SPEC §7: the demo (apiUrl set) read the devnet through the Portico server's chain RPC host.
    expect(hostedReads.length).toBeGreaterThan(0)
    const seen = (await page.evaluate('window.seen')) as string[]
    expect(seen.filter((m) => m === 'getSafeInfo')).toHaveLength(1)
    expect(seen).toEqual(expect.arrayContaining(['sendTransactions', 'getTxBySafeTxHash']))
    await page.context().close()
  })

  test("rule: a Safe with more than one signer queues the send: shown as queued in the Safe (not failed, no wait), then 'Transaction sent' once executed", async () => {
    const { page, app } = await openInSafe('queued')
    await expect.poll(() => app.getByTestId('site-address').textContent(), { timeout: 20_000 }).toBe(safe)
    const chain = chainReader(stack.chains[0]!.rpcUrl)
    const receiver = DEV_ACCOUNTS[3]!.address
    const before = await chain.eth(receiver)
    const sent = Date.now()
    const dialog = await sendFromTheSafe(app, '0.25', receiver)
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction queued in the Safe')
    console.log(`[safe-app] queued shown ${Date.now() - sent} ms after the send flow began (Account, form, Preview, Send)`)
    await dialog.getByTestId('account-view').waitFor()
    expect(await chain.eth(receiver)).toBe(before)

    // The other owner confirms in Safe{Wallet}: the Safe executes it on the devnet.
    await page.evaluate('window.confirmQueued()')
    const confirmed = Date.now()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction sent')
    console.log(`[safe-app] 'Transaction sent' ${Date.now() - confirmed} ms after the confirmation`)
    expect((await chain.eth(receiver)) - before).toBe(250_000_000_000_000_000n)
    await page.context().close()
  })

  test("rule: a send the Safe queued is still followed after the page reloads in the Safe, to 'Transaction sent'", async () => {
    const { page, app } = await openInSafe('queued')
    await expect.poll(() => app.getByTestId('site-address').textContent(), { timeout: 20_000 }).toBe(safe)
    const chain = chainReader(stack.chains[0]!.rpcUrl)
    const receiver = DEV_ACCOUNTS[4]!.address
    const before = await chain.eth(receiver)
    const dialog = await sendFromTheSafe(app, '0.125', receiver)
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction queued in the Safe')

    // The app frame reloads (Safe{Wallet} keeps its queue): the page reconnects to the Safe by itself.
    const frame = (await page.$('#app'))!.contentFrame()
    await (await frame)!.goto(stack.demoUrl)
    await expect.poll(() => app.getByTestId('site-address').textContent(), { timeout: 20_000 }).toBe(safe)
    await app.getByTestId('portico-connect-button').getByRole('button').click()
    await app.getByRole('dialog').getByTestId('account-view').waitFor()
    expect(await app.locator('body').evaluate(() => JSON.parse(localStorage.getItem('@portico/queued_transactions') ?? '[]').length)).toBe(1)

    await page.evaluate('window.confirmQueued()')
    await expect.poll(() => app.getByRole('dialog').getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction sent')
    expect((await chain.eth(receiver)) - before).toBe(125_000_000_000_000_000n)
    // Followed to its end: forgotten.
    expect(await app.locator('body').evaluate(() => localStorage.getItem('@portico/queued_transactions'))).toBe('[]')
    await page.context().close()
  })

  test("rule: a swap a multi-signer Safe queues is shown as queued, followed, then 'Transaction sent' once the Safe executes it", async () => {
    const { page, app } = await openInSafe('queued')
    await expect.poll(() => app.getByTestId('site-address').textContent(), { timeout: 20_000 }).toBe(safe)
    const chain = chainReader(stack.chains[0]!.rpcUrl)
    const before = await chain.eth(safe)
    await app.getByTestId('portico-connect-button').getByRole('button').click()
    const dialog = app.getByRole('dialog')
    await dialog.getByTestId('account-view').waitFor()
    await dialog.getByTestId('feature-swaps').click()
    await expect.poll(() => dialog.getByTestId('swap-to').textContent()).toContain('USDC')
    await dialog.getByTestId('swap-amount').fill('0.5')
    await expect.poll(() => dialog.getByTestId('swap-quote').textContent(), { timeout: 10_000 }).toMatch(/^1,?4\d\d/)
    const next = dialog.getByTestId('swap-continue')
    await expect.poll(() => next.isEnabled(), { timeout: 10_000 }).toBe(true)
    await next.click()
    await dialog.getByTestId('swap-submit').click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction queued in the Safe')
    await dialog.getByTestId('account-view').waitFor()
    expect(await chain.eth(safe)).toBe(before)

    await page.evaluate('window.confirmQueued()')
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction sent')
    expect(before - (await chain.eth(safe))).toBeGreaterThanOrEqual(500_000_000_000_000_000n)
    await page.context().close()
  })

  test("attack: a foreign frame's reply to getSafeInfo (right id, another window) is ignored: the page stays disconnected", async () => {
    const { page, app } = await openInSafe('forged')
    await expect.poll(() => page.evaluate('window.forged.length'), { timeout: 20_000 }).toBe(1)
    // Past the detection timeout (500 ms) with margin: no Safe, the page is an ordinary disconnected one.
    await page.waitForTimeout(2_000)
    expect(await app.getByTestId('site-address').textContent()).toBe('—')
    expect(await app.getByTestId('portico-connect-button').getByRole('button').textContent()).toMatch(/Connect/)
    // Asked once, though React's StrictMode initializes Portico twice.
    expect(await page.evaluate('window.seen')).toEqual(['getSafeInfo'])
    await page.context().close()
  })
})
