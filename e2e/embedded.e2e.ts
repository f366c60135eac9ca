import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import type { BrowserContext, Page } from 'playwright-core'
import { http, parseEther, createPublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { wordlist } from '@scure/bip39/wordlists/english'
import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'
import { embeddedHelpers, FRAME, uniqueEmail } from './support/embedded.js'

const { newWalletContext, openDemo, stack } = useJourney()
const unique = uniqueEmail
const { inbox, codeFrom, startEmailLogin, emailLogin, approveInFrame, fund } = embeddedHelpers(stack)

async function fresh(): Promise<{ context: BrowserContext; page: Page; warnings: string[] }> {
  const context = await newWalletContext()
  const page = await openDemo(context)
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  return { context, page, warnings }
}

describe('email login: the embedded wallet', () => {
  test('email login with the code from the mail → Account with an address → sign a message and send devnet ETH approved in the frame → reload stays connected', async () => {
    const { context, page } = await fresh()
    const email = unique('ada')
    // The frame is not loaded before email or social login is used.
    expect(await page.locator(FRAME).count()).toBe(0)
    const address = await emailLogin(page, email)
    expect(await page.locator(FRAME).count()).toBe(1)
    expect(await page.locator(FRAME).getAttribute('aria-hidden')).toBe('true')

    // Fund the new account. Its balance (0) was cached at login (SPEC §9: portfolio 30 s); the
    // journey waits until that read has been cached (it loads on first use, so it may still be on
    // its way), then drops the entry rather than wait 30 s.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('@portico/portfolio_cache')), { timeout: 20_000 }).not.toBeNull()
    await fund(address, '1')
    await page.evaluate(() => localStorage.removeItem('@portico/portfolio_cache'))
    await connectButton(page).click()
    const dialog = modal(page)
    await expect.poll(() => dialog.getByTestId('account-address').textContent()).toContain(address.slice(0, 6))
    expect(await dialog.getByTestId('account-signed-in').textContent()).toContain(email.length > 30 ? email.split('@')[0]! : email)

    // Send 0.25 devnet ETH: eth_sendTransaction is unsafe, so the frame shows its approval screen.
    await expect.poll(() => dialog.getByTestId('account-balance').textContent(), { timeout: 20_000 }).toMatch(/^1\.000 ETH$/)
    const receiver = DEV_ACCOUNTS[3]!.address as `0x${string}`
    const reader = createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
    const before = await reader.getBalance({ address: receiver })
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-amount').fill('0.25')
    await dialog.getByTestId('send-receiver').fill(receiver)
    await expect.poll(() => dialog.getByTestId('send-continue').textContent(), { timeout: 10_000 }).toBe('Preview Send')
    await dialog.getByTestId('send-continue').click()
    await expect.poll(() => dialog.getByTestId('preview-fee').textContent(), { timeout: 30_000 }).toMatch(/ETH/)
    await dialog.getByTestId('send-submit').click()
    await dialog.getByTestId('approve-transaction').waitFor()
    // The frame is shown over the modal body while it asks.
    const box = await page.locator(FRAME).boundingBox()
    expect(box!.width).toBeGreaterThan(300)
    await approveInFrame(page)
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 30_000 }).toBe('Transaction sent')
    expect((await reader.getBalance({ address: receiver })) - before).toBe(parseEther('0.25'))
    expect(await page.locator(FRAME).getAttribute('aria-hidden')).toBe('true')

    // Sign a message: with sign-in on, the reconnect asks for the sign-in message; personal_sign
    // is unsafe, so the frame asks, and the signature comes back to the host.
    await page.goto(`${stack.demoUrl}?siwx=optional`)
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(address)
    await dialog.getByTestId('siwx-sign').click({ timeout: 20_000 })
    await dialog.getByTestId('approve-transaction').waitFor()
    await approveInFrame(page)
    await expect.poll(() => page.getByTestId('site-siwx').textContent(), { timeout: 30_000 }).toMatch(/^Signed in/)

    // Reload: the login cache says email login was used; the frame's session reconnects silently.
    await page.goto(stack.demoUrl)
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(address)
    expect(await modal(page).count()).toBe(0)
    await context.close()
  }, 120_000)

  test('a new device: the code first (the start tells nobody a wallet exists), then EmailLogin waits for the approval link in the mail; the same wallet opens', async () => {
    const first = await fresh()
    const email = unique('dev')
    const address = await emailLogin(first.page, email)
    await first.context.close()

    // Another browser profile is another device: its frame storage has no share of this wallet.
    const { context, page } = await fresh()
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.getByTestId('email-input').fill(email)
    await dialog.getByTestId('email-submit').click()
    // The server's 30 s send limit may answer first (the login code went out moments ago).
    const otp = dialog.getByTestId('email-otp')
    const error = dialog.getByTestId('email-error')
    await expect.poll(async () => (await otp.isVisible()) || (await error.textContent()) !== '', { timeout: 20_000 }).toBe(true)
    const wait = /Please try again after (\d+) seconds/.exec((await error.textContent().catch(() => '')) ?? '')
    if (wait) {
      await page.waitForTimeout((Number(wait[1]) + 1) * 1000)
      await dialog.getByTestId('email-submit').click()
    }
    await otp.waitFor({ timeout: 20_000 })
    await dialog.getByTestId('otp-input').fill(await codeFrom(email, 1))
    await dialog.getByTestId('otp-submit').click()
    // A known wallet on a new device: the approval link, with the code the modal shows.
    await dialog.getByTestId('email-device').waitFor({ timeout: 20_000 })
    const shown = await dialog.getByTestId('email-match-code').locator('strong').textContent()
    await expect.poll(async () => (await inbox(email)).length, { timeout: 20_000 }).toBe(3)
    const link = /https?:\/\/\S+\/auth\/device\/approve\S*/.exec((await inbox(email))[2]!.text)![0]
    const approval = await context.newPage()
    await approval.goto(link)
    expect(await approval.locator('[data-field=code]').textContent()).toBe(shown)
    await approval.getByRole('button', { name: 'Approve device' }).click()
    await approval.getByText('Device approved').waitFor()
    // EmailLogin finishes by itself once the link was used.
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(address)
    await context.close()
  }, 120_000)

  test('the sixth try of a code is refused, even with the right code', async () => {
    const { context, page } = await fresh()
    const email = unique('eve')
    await startEmailLogin(page, email)
    const dialog = modal(page)
    const code = await codeFrom(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      await dialog.getByTestId('otp-input').fill(wrong)
      await dialog.getByTestId('otp-submit').click()
      await expect.poll(() => dialog.getByTestId('otp-error').textContent(), { timeout: 10_000 }).toMatch(/Invalid code/)
      // What was typed stays.
      expect(await dialog.getByTestId('otp-input').inputValue()).toBe(wrong)
    }
    await dialog.getByTestId('otp-input').fill(code)
    await dialog.getByTestId('otp-submit').click()
    await expect.poll(() => dialog.getByTestId('otp-error').textContent(), { timeout: 10_000 }).toMatch(/Too many attempts/)
    expect(await page.getByTestId('site-status').textContent()).toBe('disconnected')
    // SPEC §5: a new code within 30 s is refused with the cooldown text.
    expect(await dialog.getByTestId('email-resend').textContent()).toMatch(/^Resend code in \d+ s$/)
    await context.close()
  })

  test('forged messages (wrong origin, wrong window, bad schema) are ignored; the real frame is heard', async () => {
    const { context, page, warnings } = await fresh()
    const email = unique('mallory')
    const address = await emailLogin(page, email)
    const frameOrigin = new URL((await page.locator(FRAME).getAttribute('src'))!).origin
    const approval = { type: '@portico-frame/RPC_APPROVAL_NEEDED', payload: { method: 'personal_sign' } }
    const notConnected = { type: '@portico-frame/NOT_CONNECTED', payload: {} }

    // Wrong origin: the host page itself (or any script in it) posts a well-formed frame event.
    await page.evaluate((messages) => messages.forEach((m) => window.postMessage(m, '*')), [approval, notConnected])
    // Wrong window: another window on the secure origin posts to the host.
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate((url) => void window.open(url, 'forger', 'popup,width=300,height=300'), `${frameOrigin}/social/loading`),
    ])
    await popup.waitForLoadState()
    await popup.evaluate((messages) => messages.forEach((m) => window.opener.postMessage(m, '*')), [approval, notConnected])
    // Bad schema: from the real frame (right origin, right window), but not the protocol's shape.
    const frame = page.frames().find((f) => f.url().startsWith(`${frameOrigin}/frame`))!
    await frame.evaluate(() => {
      parent.postMessage({ type: '@portico-frame/RPC_APPROVAL_NEEDED', payload: {} }, '*')
      parent.postMessage({ type: '@portico-frame/GET_USER_SUCCESS', id: 'not-an-id', payload: { address: '0x0' } }, '*')
      parent.postMessage({ type: '@portico-app/SIGN_OUT', id: '0'.repeat(32), payload: {} }, '*')
    })
    await page.waitForTimeout(1000)
    expect(await modal(page).count()).toBe(0) // no ApproveTransaction opened
    expect(await page.getByTestId('site-address').textContent()).toBe(address) // NOT_CONNECTED ignored
    expect(await page.evaluate(() => localStorage.getItem('@portico/wallet/login_used'))).toBe('true')
    expect(warnings.filter((w) => w.includes('[portico] ignored')).length).toBeGreaterThanOrEqual(3)

    // The same well-formed event from the real frame is heard: the check, not the shape, blocked the forgeries.
    await frame.evaluate((m) => parent.postMessage(m, '*'), approval)
    await modal(page).getByTestId('approve-transaction').waitFor({ timeout: 5_000 })
    await popup.close()
    await context.close()
  })

  test('a script in the host page finds no key material in any storage or global it can reach', async () => {
    const { context, page } = await fresh()
    const email = unique('key')
    const address = await emailLogin(page, email)
    // Make the frame use the key once (a signature), then look everywhere the host page can.
    const found = await page.evaluate(async () => {
      const texts: string[] = []
      for (const store of [localStorage, sessionStorage]) for (let i = 0; i < store.length; i++) texts.push(`${store.key(i)}=${store.getItem(store.key(i)!)}`)
      texts.push(document.cookie)
      const databases = (await indexedDB.databases?.()) ?? []
      for (const info of databases) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(info.name!)
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        for (const name of Array.from(db.objectStoreNames)) {
          const all = await new Promise<unknown[]>((resolve) => {
            const request = db.transaction(name).objectStore(name).getAll()
            request.onsuccess = () => resolve(request.result)
          })
          texts.push(JSON.stringify(all))
        }
        db.close()
      }
      const seen = new WeakSet<object>()
      const walk = (value: unknown, depth: number) => {
        if (typeof value === 'string') return void texts.push(value)
        if (!value || typeof value !== 'object' || depth > 3 || seen.has(value) || value instanceof Node) return
        seen.add(value)
        for (const key of Object.keys(value).slice(0, 200)) {
          try {
            walk((value as Record<string, unknown>)[key], depth + 1)
          } catch {
            // getters that throw (cross-origin objects) hold nothing we can read
          }
        }
      }
      for (const key of Object.getOwnPropertyNames(window)) {
        try {
          walk((window as unknown as Record<string, unknown>)[key], 0)
        } catch {
          // cross-origin frame windows
        }
      }
      return { texts, databases: databases.map((d) => d.name) }
    })
    const all = found.texts.join('\n')
    expect(all).toContain(address.slice(2, 10)) // the scan does reach Portico's own state
    // No private key of the account: every 64-hex string is tried as one.
    for (const hex of new Set(all.match(/(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])/g) ?? []))
      expect(privateKeyToAccount(`0x${hex}`).address.toLowerCase()).not.toBe(address.toLowerCase())
    // No BIP-39 phrase: no run of 12 wordlist words.
    const words = new Set(wordlist)
    const tokens = all.toLowerCase().split(/[^a-z]+/)
    let run = 0
    for (const token of tokens) {
      run = words.has(token) ? run + 1 : 0
      expect(run).toBeLessThan(12)
    }
    expect(all).not.toMatch(/mnemonic|privateKey|private_key|seed phrase|deviceShare|authShare/i)
    await context.close()
  })
})

describe("issue 19 Languages: the frame's own approval screen speaks the modal's locale", () => {
  const SHOTS = fileURLToPath(new URL('../screenshots/embedded', import.meta.url))
  const expected = {
    ja: { title: 'メッセージに署名', approve: '承認', dir: 'ltr', theme: 'dark' },
    ar: { title: 'توقيع رسالة', approve: 'موافقة', dir: 'rtl', theme: 'light' },
  } as const
  for (const locale of ['ja', 'ar'] as const) {
    test(`${locale}: the demo's locale option reaches the frame (SYNC_LOCALE); the sign-in approval is in that language${locale === 'ar' ? ', right to left' : ''}`, async () => {
      const { title, approve, dir, theme } = expected[locale]
      const context = await newWalletContext()
      const page = await openDemo(context, `?locale=${locale}&theme=${theme}`)
      const address = await emailLogin(page, unique(`lang-${locale}`))
      // With sign-in on, the reconnect asks for the sign-in message: personal_sign, drawn by the frame.
      await page.goto(`${stack.demoUrl}?siwx=optional&locale=${locale}&theme=${theme}`)
      await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(address)
      const dialog = modal(page)
      await dialog.getByTestId('siwx-sign').click({ timeout: 20_000 })
      await dialog.getByTestId('approve-transaction').waitFor()
      const frame = page.frameLocator(FRAME)
      await frame.getByTestId('frame-approve').waitFor({ timeout: 20_000 })
      expect(await frame.locator('.approval-title').textContent()).toBe(title)
      expect(await frame.getByTestId('frame-approve').textContent()).toBe(approve)
      expect([await frame.locator('html').getAttribute('lang'), await frame.locator('html').getAttribute('dir')]).toEqual([locale, dir])
      expect(await frame.locator('.approval').textContent()).not.toMatch(/Approve|Reject|Sign message|Secured by/)
      mkdirSync(SHOTS, { recursive: true })
      await expect.poll(() => frame.getByTestId('frame-approve').isEnabled(), { timeout: 5_000 }).toBe(true)
      await page.locator(FRAME).screenshot({ path: `${SHOTS}/approval-${locale}-${theme}.png` })
      await approveInFrame(page)
      await expect.poll(() => page.getByTestId('site-siwx').textContent(), { timeout: 30_000 }).toMatch(/^Signed in/)
      await context.close()
    }, 120_000)
  }
})

describe('social login', () => {
  test('google through the local OpenID provider: the popup signs in and the wallet connects', async () => {
    const { context, page } = await fresh()
    await connectButton(page).click()
    const dialog = modal(page)
    const [popup] = await Promise.all([context.waitForEvent('page'), dialog.getByTestId('social-google').click()])
    await expect.poll(() => dialog.getByTestId('connecting-social').isVisible()).toBe(true)
    // The popup goes from the secure origin's loading page to the provider's login form.
    await popup.waitForURL(/\/interaction\//, { timeout: 20_000 })
    const email = unique('grace')
    await popup.locator('input[name=email]').fill(email)
    await popup.locator('input[name=name]').fill('Grace')
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await page.evaluate(() => localStorage.getItem('@portico/connected_social'))).toBe('"google"')
    await context.close()
  })

  test("closing the popup: 'Popup closed', with a retry", async () => {
    const { context, page } = await fresh()
    await connectButton(page).click()
    const dialog = modal(page)
    const [popup] = await Promise.all([context.waitForEvent('page'), dialog.getByTestId('social-google').click()])
    await popup.waitForLoadState()
    await popup.close()
    await expect.poll(() => dialog.getByTestId('social-error').textContent(), { timeout: 5_000 }).toBe('Popup closed')
    expect(await dialog.getByTestId('social-retry').isVisible()).toBe(true)
    await context.close()
  })
})

describe('UpdateEmailWallet', () => {
  test('change the email: the code to the current address, then the code to the new one', async () => {
    const { context, page } = await fresh()
    const email = unique('ann')
    const next = unique('ann.new')
    await emailLogin(page, email)
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.getByTestId('account-update-email').click()
    await dialog.getByTestId('update-email-input').fill(next)
    await dialog.getByTestId('update-email-submit').click()
    // The login code went to the same address moments ago: the server's 30 s send limit answers
    // first, with SPEC §5's text, and the field keeps what was typed for the retry.
    const primary = dialog.getByTestId('update-email-primary')
    const error = dialog.getByTestId('update-email-error')
    await expect.poll(async () => (await primary.isVisible()) || (await error.textContent()) !== '', { timeout: 20_000 }).toBe(true)
    const wait = /Please try again after (\d+) seconds/.exec((await error.textContent().catch(() => '')) ?? '')
    if (wait) {
      expect(await dialog.getByTestId('update-email-input').inputValue()).toBe(next)
      await page.waitForTimeout((Number(wait[1]) + 1) * 1000)
      await dialog.getByTestId('update-email-submit').click()
    }
    await primary.waitFor({ timeout: 20_000 })
    await dialog.getByTestId('update-primary-otp-input').fill(await codeFrom(email, 1))
    await dialog.getByTestId('update-primary-otp-submit').click()
    await dialog.getByTestId('update-email-secondary').waitFor({ timeout: 20_000 })
    await dialog.getByTestId('update-secondary-otp-input').fill(await codeFrom(next, 0))
    await dialog.getByTestId('update-secondary-otp-submit').click()
    // SPEC §4: the modal closes once the new email is seen.
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0)
    expect(await page.evaluate(() => localStorage.getItem('@portico/wallet/email'))).toBe(JSON.stringify(next))
    await connectButton(page).click()
    expect(await dialog.getByTestId('account-signed-in').textContent()).toContain(next.length > 30 ? next.split('@')[0]! : next)
    await context.close()
  }, 120_000)
})
