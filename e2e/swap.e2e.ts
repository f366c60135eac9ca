import { DEVNET_CONTRACTS, DEVNET_SWAP } from '@portico/devnet/constants'
import { createPublicClient, erc20Abi, http, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'
import { embeddedHelpers, FRAME, uniqueEmail } from './support/embedded.js'
import type { Page } from 'playwright-core'
import { connectAndOpenAccount } from './support/wallet.js'

const { newWalletContext, openDemo, stack } = useJourney()
const { emailLogin, approveInFrame, fund } = embeddedHelpers(stack)

/** A fresh account with 10 ETH (anvil_setBalance), so the journey's swaps touch no other journey's balances. */
async function freshAccount() {
  const privateKey = generatePrivateKey()
  const { address } = privateKeyToAccount(privateKey)
  const rpcUrl = stack.chains[0]!.rpcUrl
  await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, `0x${parseEther('10').toString(16)}`] }) })
  const client = createPublicClient({ transport: http(rpcUrl) })
  return {
    privateKey,
    address,
    eth: () => client.getBalance({ address }),
    usdc: () => client.readContract({ address: DEVNET_CONTRACTS.usdc as Address, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    allowance: () => client.readContract({ address: DEVNET_CONTRACTS.usdc as Address, abi: erc20Abi, functionName: 'allowance', args: [address, DEVNET_SWAP.router] }),
    nonce: () => client.getTransactionCount({ address }),
  }
}

describe('swap (Uniswap V2 pools on the devnet)', () => {
  test('0.5 ETH → USDC: quote, preview, confirmed on chain; then USDC → ETH approves first, and a second swap needs no approval', async () => {
    const account = await freshAccount()
    const page = await openDemo(await newWalletContext({ privateKey: account.privateKey, autoApprove: true }))
    await connectAndOpenAccount(page, { autoApproved: true })
    const dialog = modal(page)

    await dialog.getByTestId('feature-swaps').click()
    await expect.poll(() => dialog.getByTestId('swap-from').textContent()).toContain('ETH')
    expect(await dialog.getByTestId('swap-to').textContent()).toContain('USDC')
    const next = dialog.getByTestId('swap-continue')
    expect(await next.textContent()).toBe('Enter amount')
    await dialog.getByTestId('swap-amount').fill('0.5')
    // 0.5 ETH against 100 ETH / 300,000 USDC, less the 0.3 % fee: about 1,488 USDC.
    await expect.poll(() => dialog.getByTestId('swap-quote').textContent(), { timeout: 10_000 }).toMatch(/^1,?48\d/)
    expect(await dialog.getByTestId('swap-rate').textContent()).toMatch(/^1 ETH = 2,?9\d\d/)
    await expect.poll(() => next.textContent()).toBe('Review Swap')
    await next.click()
    expect(await dialog.getByTestId('swap-minimum').textContent()).toMatch(/USDC$/)
    await dialog.getByTestId('swap-submit').click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Swapped 0.5 ETH for USDC')
    await dialog.getByTestId('account-view').waitFor()
    const usdc = await account.usdc()
    expect(usdc).toBeGreaterThan(1_480_000_000n)
    expect(await account.nonce()).toBe(1)

    // USDC → ETH: the router may not spend USDC yet, so the approval comes first (two transactions).
    await dialog.getByTestId('feature-swaps').click()
    await dialog.getByTestId('swap-flip').click()
    await expect.poll(() => dialog.getByTestId('swap-from').textContent()).toContain('USDC')
    await dialog.getByTestId('swap-amount').fill('100')
    await expect.poll(() => next.textContent(), { timeout: 10_000 }).toBe('Review Swap')
    await next.click()
    await dialog.getByTestId('swap-submit').click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Swapped 100 USDC for ETH')
    expect(await account.nonce()).toBe(3)
    expect(await account.usdc()).toBe(usdc - 100_000_000n)
    expect(await account.allowance()).toBe(2n ** 256n - 1n)

    // Approved once for USDC: the next USDC swap is one transaction.
    await dialog.getByTestId('account-view').waitFor()
    await dialog.getByTestId('feature-swaps').click()
    await dialog.getByTestId('swap-flip').click()
    await dialog.getByTestId('swap-amount').fill('10')
    await expect.poll(() => next.textContent(), { timeout: 10_000 }).toBe('Review Swap')
    await next.click()
    await dialog.getByTestId('swap-submit').click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Swapped 10 USDC for ETH')
    expect(await account.nonce()).toBe(4)
    await page.context().close()
  })

  test("more than the balance cannot be submitted; a large trade warns about its price impact; a network without pools says 'Network not supported for Swaps'", async () => {
    const account = await freshAccount()
    const page = await openDemo(await newWalletContext({ privateKey: account.privateKey, autoApprove: true }))
    await connectAndOpenAccount(page, { autoApproved: true })
    const dialog = modal(page)
    await dialog.getByTestId('feature-swaps').click()
    const next = dialog.getByTestId('swap-continue')
    await dialog.getByTestId('swap-amount').fill('11')
    await expect.poll(() => next.textContent()).toBe('Insufficient balance')
    expect(await next.isDisabled()).toBe(true)
    await dialog.getByTestId('swap-amount').fill('9')
    await dialog.getByTestId('swap-impact-warning').waitFor({ timeout: 10_000 })
    expect(await dialog.getByTestId('swap-impact-warning').textContent()).toMatch(/Price impact 8\.\d\d %/)

    // The journey server offers swaps on chain 31337 only (support/stack.ts).
    await page.keyboard.press('Escape')
    await connectButtonOpen(page)
    await dialog.getByTestId('account-network').click()
    await dialog.getByTestId('network-eip155:31338').click()
    await expect.poll(() => page.getByTestId('site-network').textContent()).toBe('eip155:31338')
    await dialog.getByTestId('feature-swaps').click()
    await expect.poll(() => dialog.getByTestId('swap-error').textContent()).toBe('Network not supported for Swaps')
    await page.context().close()
  })
})

describe('swap with the embedded wallet', () => {
  test('email login → swap 0.1 ETH for USDC: the frame shows what goes in and the least that comes out; approved there, mined', async () => {
    const page = await openDemo(await newWalletContext())
    const address = (await emailLogin(page, uniqueEmail('swapper'))) as Address
    await fund(address, '1')
    const dialog = modal(page)
    // The login's own balance read (0 ETH, cached 30 s by SPEC §9) may land after the funding on a
    // busy machine: drop the cache and reopen Account until it reads the funded balance.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => localStorage.removeItem('@portico/portfolio_cache'))
          if (await dialog.getByTestId('account-view').isVisible()) await page.keyboard.press('Escape')
          await connectButton(page).click()
          await dialog.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor()
          await page.waitForTimeout(500)
          return dialog.getByTestId('account-balance').textContent()
        },
        { timeout: 30_000, interval: 500 },
      )
      .toMatch(/^1\.000 ETH$/)
    await dialog.getByTestId('feature-swaps').click()
    await dialog.getByTestId('swap-amount').fill('0.1')
    await expect.poll(() => dialog.getByTestId('swap-continue').textContent(), { timeout: 10_000 }).toBe('Review Swap')
    await dialog.getByTestId('swap-continue').click()
    const minimum = (await dialog.getByTestId('swap-minimum').textContent())!.replace(' USDC', '')
    await dialog.getByTestId('swap-submit').click()
    const frame = page.frameLocator(FRAME)
    await frame.getByText('You receive at least').waitFor({ timeout: 15_000 })
    const text = (await frame.locator('body').textContent())!
    expect(text).toContain('0.1 ETH')
    // The frame shows the exact minimum the modal's preview rounded: the same whole units.
    expect(text).toContain(`${minimum.split('.')[0]}.`)
    await approveInFrame(page)
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 30_000 }).toBe('Swapped 0.1 ETH for USDC')
    const reader = createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
    expect(await reader.readContract({ address: DEVNET_CONTRACTS.usdc as Address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })).toBeGreaterThan(290_000_000n)
    await page.context().close()
  })
})

async function connectButtonOpen(page: Page) {
  await connectButton(page).click()
  await modal(page).getByTestId('account-view').waitFor()
}
