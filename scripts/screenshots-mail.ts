// Screenshots of the email login: the dev mail catcher's codes and the server's resend limit.
import type { Page } from 'playwright-core'
import { modal } from '../e2e/support/browser.js'

/** The dev mail catcher's newest code for an address. */
export async function mailedCode(apiUrl: string, email: string, count: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const { messages } = (await (await fetch(`${apiUrl}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
      messages: Array<{ subject: string; receivedAt: string }>
    }
    if (messages.length >= count) {
      const newest = [...messages].sort((a, b) => new Date(b.receivedAt).getTime() - new Date(a.receivedAt).getTime())[0]!
      return /\b(\d{6,8})\b/.exec(newest.subject)![1]!
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no mail for ${email}`)
}

/** Submits a form and, when the server's 30 s send limit answers first, waits it out and submits again. */
export async function submitPastCooldown(page: Page, submit: string, error: string, next: string) {
  const dialog = modal(page)
  await dialog.getByTestId(submit).click()
  await dialog.locator(`[data-testid=${next}],[data-testid=${error}]:not(:empty)`).first().waitFor({ timeout: 20_000 })
  const wait = /after (\d+) seconds/.exec(
    (await dialog
      .getByTestId(error)
      .textContent()
      .catch(() => '')) ?? '',
  )
  if (!wait) return false
  await page.waitForTimeout((Number(wait[1]) + 1) * 1000)
  await dialog.getByTestId(submit).click()
  await dialog.getByTestId(next).waitFor({ timeout: 20_000 })
  return true
}
