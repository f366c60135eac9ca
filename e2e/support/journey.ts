import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { launchBrowser, newWalletContext, openDemo, type ContextOptions, type WalletConfig } from './browser.js'

export { connectButton, modal } from './browser.js'

/**
 * One Chromium per journey file, a fresh profile (with the injected test wallet) per test, all
 * pointed at the stack that globalSetup started.
 */
export function useJourney() {
  const stack = { demoUrl: inject('demoUrl'), apiUrl: inject('apiUrl'), chains: inject('chains'), solana: inject('solana'), bitcoin: inject('bitcoin') }
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return {
    stack,
    newWalletContext: (wallet?: WalletConfig, options?: ContextOptions) => newWalletContext(stack, browser, wallet, options),
    openDemo: (context: BrowserContext, query?: string) => openDemo(stack, context, query),
  }
}
