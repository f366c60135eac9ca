import { DEV_ACCOUNTS, DEVNET_CONTRACTS } from '@portico/devnet/constants'
import { startSmartAccountChain, usdcAbi, type BundlerInstance } from '@portico/devnet'
import { devnetSafeAddress, safeOwners } from '@portico/devnet/safe'
import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { embeddedHelpers, FRAME, uniqueEmail } from './support/embedded.js'
import { connectButton, modal, useJourney } from './support/journey.js'

// Issue 17's proof in Chromium: the embedded wallet's smart account (Safe + Safe4337Module) on the
// devnet with the real bundler (alto) and the server's paymaster, in the stack's 'portico-smart'
// project (the only one with smart accounts: support/stack.ts). The tests run in order on one page.
const { newWalletContext, openDemo, stack } = useJourney()
// The stack told the server where the bundler is; this journey deploys ERC-4337 and starts alto there.
const bundlerPort = inject('bundlerPort')
let bundler: BundlerInstance | undefined
const startBundler = () => startSmartAccountChain({ rpcUrl: stack.chains[0]!.rpcUrl, chainId: stack.chains[0]!.chainId, port: bundlerPort })
beforeAll(async () => {
  const started = performance.now()
  bundler = await startBundler()
  console.log(`smart-account journey: ERC-4337 deployed and alto started in ${Math.round(performance.now() - started)} ms`)
}, 120_000)
afterAll(async () => {
  await bundler?.stop()
})
const { emailLogin, approveInFrame, fund } = embeddedHelpers(stack)
const SMART = '?projectId=portico-smart&testWallet=off'
const USDC = DEVNET_CONTRACTS.usdc as Hex
const [A, B] = [DEV_ACCOUNTS[1]!.address as Hex, DEV_ACCOUNTS[2]!.address as Hex]
const reader = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
const usdcOf = (who: Hex) => reader().readContract({ address: USDC, abi: usdcAbi, functionName: 'balanceOf', args: [who] }) as Promise<bigint>
const transfer = (to: Hex, amount: bigint) => encodeFunctionData({ abi: usdcAbi, functionName: 'transfer', args: [to, amount] })
const ms = (from: number) => Math.round(performance.now() - from)

type Answer = { result?: unknown; error?: { code?: number; message: string } }
/** One EIP-1193 request from the page's own code, through Portico's public provider (window.porticoProvider). */
function hostRequest(page: Page, method: string, params: unknown[] = []): Promise<Answer> {
  return page.evaluate(
    async ({ method, params }) => {
      const provider = (window as unknown as { porticoProvider?: { request(a: unknown): Promise<unknown> } }).porticoProvider
      if (!provider) return { error: { message: 'no provider' } }
      try {
        return { result: await provider.request({ method, params }) }
      } catch (error) {
        return { error: { code: (error as { code?: number }).code, message: (error as Error).message } }
      }
    },
    { method, params },
  )
}

/** The SIWX session the server keeps for the address (listed with the session token the page stored). */
async function serverSession(page: Page, address: string) {
  const book = JSON.parse((await page.evaluate(() => localStorage.getItem('@portico/siwx_tokens'))) ?? '{}') as Record<
    string,
    Record<string, { token: string }>
  >
  const token = Object.values(book[address.toLowerCase()] ?? {})[0]?.token
  expect(token, 'a session token').toBeTruthy()
  const response = await fetch(`${stack.apiUrl}/v1/sessions/${address}?projectId=portico-smart`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { sessions: Array<{ data: { accountAddress: string } }> }).sessions
}

/** Sign-in (optional SIWX) after the reconnect: the message is signed in the frame after its approval. */
async function signIn(page: Page) {
  const dialog = modal(page)
  await dialog.getByTestId('siwx-sign').click({ timeout: 30_000 })
  await dialog.getByTestId('approve-transaction').waitFor()
  await approveInFrame(page)
  await expect.poll(() => page.getByTestId('site-siwx').textContent(), { timeout: 30_000 }).toMatch(/^Signed in/)
}

async function openAccount(page: Page) {
  await connectButton(page).click()
  const dialog = modal(page)
  await dialog.getByTestId('account-view').waitFor({ timeout: 15_000 })
  return dialog
}
const siteAddress = (page: Page) => page.getByTestId('site-address').textContent()

let page: Page
let smart: Hex

describe('the embedded wallet’s smart account (ERC-4337) in Chromium, real bundler and paymaster', () => {
  test('email login → the counterfactual smart account → SIWX sign-in before deployment (ERC-6492) → 0.1 ETH sent, gas sponsored → deployed → sign-in again (ERC-1271)', async () => {
    const started = performance.now()
    page = await openDemo(await newWalletContext(), `${SMART}&siwx=optional`)
    smart = (await emailLogin(page, uniqueEmail('smart'))) as Hex
    expect(await reader().getCode({ address: smart })).toBeUndefined()

    // Sign-in with the account not yet deployed: an ERC-6492 signature the server accepts.
    await signIn(page)
    expect((await serverSession(page, smart)).map((s) => s.data.accountAddress)).toEqual([smart])

    const dialog = await openAccount(page)
    await expect.poll(() => dialog.getByTestId('account-type-value').textContent(), { timeout: 15_000 }).toBe('Smart account')
    expect(await dialog.getByTestId('account-address').textContent()).toContain(smart.slice(0, 6))
    await page.keyboard.press('Escape')

    // 0.1 ETH in, all of it out: the account holds nothing for gas; the paymaster pays.
    await fund(smart, '0.1')
    await page.evaluate(() => localStorage.removeItem('@portico/portfolio_cache'))
    await openAccount(page)
    await expect.poll(() => dialog.getByTestId('account-balance').textContent(), { timeout: 20_000 }).toMatch(/^0\.100 ETH$/)
    const receiver = DEV_ACCOUNTS[3]!.address as Hex
    const before = await reader().getBalance({ address: receiver })
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-amount').fill('0.1')
    await dialog.getByTestId('send-receiver').fill(receiver)
    await expect.poll(() => dialog.getByTestId('send-continue').textContent(), { timeout: 10_000 }).toBe('Preview Send')
    await dialog.getByTestId('send-continue').click()
    await dialog.getByTestId('send-submit').click()
    const screen = page.frameLocator(FRAME).locator('section.approval')
    await screen.waitFor({ timeout: 20_000 })
    expect(await screen.textContent()).toContain('Sponsored: you pay no gas')
    const approved = performance.now()
    await approveInFrame(page)
    await expect.poll(() => reader().getBalance({ address: receiver }), { timeout: 30_000, interval: 100 }).toBe(before + parseEther('0.1'))
    const mined = ms(approved)
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 30_000 }).toBe('Transaction sent')
    expect(await reader().getCode({ address: smart })).toMatch(/^0x[0-9a-f]{2,}/)
    expect(await reader().getBalance({ address: smart })).toBe(0n)
    await dialog.getByTestId('account-view').waitFor({ timeout: 15_000 })
    await expect.poll(() => dialog.getByTestId('account-balance').textContent(), { timeout: 20_000 }).toMatch(/^0\.000 ETH$/)

    // Activity: the server's indexer reads the send out of the bundler's transaction (UserOperationEvent).
    const history = async () => {
      const url = `${stack.apiUrl}/v1/account/${smart}/history?projectId=portico-smart&chainId=eip155:${stack.chains[0]!.chainId}`
      const { data } = (await (await fetch(url)).json()) as { data: Array<{ transfers: Array<{ quantity: { numeric: string } }> }> }
      return data.flatMap((t) => t.transfers.map((x) => x.quantity.numeric))
    }
    await expect.poll(history, { timeout: 30_000, interval: 500 }).toContain('0.1')
    await dialog.getByRole('tab', { name: 'Activity' }).click()
    await expect.poll(() => dialog.getByTestId('activity-amount').allTextContents(), { timeout: 15_000 }).toContain('−0.100 ETH')

    // Sign-in again, now deployed: ERC-1271. The page forgets its session so that it asks.
    await page.evaluate(() => localStorage.removeItem('@portico/siwx_tokens'))
    await page.goto(`${stack.demoUrl}${SMART}&siwx=optional`)
    await expect.poll(() => siteAddress(page), { timeout: 30_000 }).toBe(smart)
    await signIn(page)
    expect((await serverSession(page, smart)).length).toBeGreaterThanOrEqual(1)
    console.log(`smart-account journey: login → deployed and signed in twice ${ms(started)} ms; Approve → UserOperation mined ${mined} ms`)
  }, 180_000)

  test('wallet_sendCalls: two USDC transfers in one approval → one atomic UserOperation; wallet_getCallsStatus 200', async () => {
    const funder = createWalletClient({ account: privateKeyToAccount(DEV_ACCOUNTS[4]!.privateKey as Hex), transport: http(stack.chains[0]!.rpcUrl) })
    await reader().waitForTransactionReceipt({
      hash: await funder.writeContract({ address: USDC, abi: usdcAbi, functionName: 'transfer', args: [smart, 10_000_000n], chain: null }),
    })
    expect((await hostRequest(page, 'wallet_getCapabilities', [smart, ['0x7a69']])).result).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    const before = [await usdcOf(A), await usdcOf(B)]
    const calls = [
      { to: USDC, data: transfer(A, 1_000_000n) },
      { to: USDC, data: transfer(B, 3_000_000n) },
    ]
    const sent = hostRequest(page, 'wallet_sendCalls', [{ version: '2.0.0', from: smart, chainId: '0x7a69', atomicRequired: true, calls }])
    const screen = page.frameLocator(FRAME).locator('section.approval')
    await screen.waitFor({ timeout: 20_000 })
    await expect.poll(() => screen.textContent()).toContain('Approve 2 calls')
    const approved = performance.now()
    await approveInFrame(page)
    const { result, error } = await sent
    expect(error).toBeUndefined()
    let status: { status: number; atomic: boolean; receipts: { status: string }[] } | undefined
    await expect
      .poll(
        async () => {
          status = (await hostRequest(page, 'wallet_getCallsStatus', [(result as { id: string }).id])).result as typeof status
          return status?.status
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(200)
    console.log(`smart-account journey: wallet_sendCalls Approve → status 200 ${ms(approved)} ms`)
    expect(status).toMatchObject({ atomic: true, receipts: [{ status: '0x1' }] })
    expect([await usdcOf(A), await usdcOf(B)]).toEqual([before[0]! + 1_000_000n, before[1]! + 3_000_000n])
    expect(await usdcOf(smart)).toBe(6_000_000n)
  }, 90_000)

  test('switch to EOA and back: the host’s address follows (site, eth_accounts, accountsChanged), the smart account is the owner’s Safe, the choice survives a reload', async () => {
    await page.goto(`${stack.demoUrl}${SMART}`)
    await expect.poll(() => siteAddress(page), { timeout: 30_000 }).toBe(smart)
    await page.evaluate(() => {
      const w = window as unknown as { changes: unknown[]; porticoProvider: { on(e: string, l: (a: unknown) => void): void } }
      w.changes = []
      w.porticoProvider.on('accountsChanged', (a) => w.changes.push(a))
    })
    let dialog = await openAccount(page)
    await expect.poll(() => dialog.getByTestId('account-type-value').textContent(), { timeout: 15_000 }).toBe('Smart account')
    await dialog.getByTestId('account-type-switch').click()
    await expect.poll(() => dialog.getByTestId('account-type-value').textContent(), { timeout: 20_000 }).toBe('EOA')
    await expect.poll(() => siteAddress(page), { timeout: 20_000 }).not.toBe(smart)
    const eoa = (await siteAddress(page)) as Hex
    expect(eoa).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect((await hostRequest(page, 'eth_accounts')).result).toEqual([eoa])
    expect(await page.evaluate(() => (window as unknown as { changes: unknown[] }).changes)).toContainEqual([eoa])
    // The smart account is the EOA's Safe: deployed by the first UserOperation at the counterfactual address
    // the host was shown, which is the factory's CREATE2 address for this owner, and owned by it alone.
    const rpcUrl = stack.chains[0]!.rpcUrl
    expect(await devnetSafeAddress({ rpcUrl, owner: eoa })).toBe(smart)
    expect(await safeOwners({ rpcUrl, safe: smart })).toEqual([eoa])

    await page.reload()
    await expect.poll(() => siteAddress(page), { timeout: 30_000 }).toBe(eoa)
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('@portico/preferred_account_types')))!)).toEqual({ eip155: 'eoa' })

    dialog = await openAccount(page)
    await expect.poll(() => dialog.getByTestId('account-type-value').textContent(), { timeout: 15_000 }).toBe('EOA')
    await dialog.getByTestId('account-type-switch').click()
    await expect.poll(() => siteAddress(page), { timeout: 20_000 }).toBe(smart)
    await page.reload()
    await expect.poll(() => siteAddress(page), { timeout: 30_000 }).toBe(smart)
  }, 120_000)

  test('bundler down → the frame’s screen says so after Approve, nothing sent; with the bundler back the same request goes through', async () => {
    await bundler!.stop()
    bundler = undefined
    const request = { from: smart, to: USDC, value: '0x0', data: transfer(A, 1_000_000n) }
    const before = await usdcOf(A)
    const failing = hostRequest(page, 'eth_sendTransaction', [request])
    await approveInFrame(page)
    // The frame says so on its own screen (one Close button); the host hears it after.
    const screen = page.frameLocator(FRAME).locator('section.approval')
    await expect.poll(() => screen.textContent(), { timeout: 20_000 }).toContain('The bundler did not take the transaction')
    expect(await screen.textContent()).toContain('Not sent')
    await approveInFrame(page)
    const { error } = await failing
    expect(error?.message).toContain('The bundler did not take the transaction: nothing was sent. Try again in a moment.')
    expect(await usdcOf(A)).toBe(before)

    bundler = await startBundler()
    const retry = hostRequest(page, 'eth_sendTransaction', [request])
    await approveInFrame(page)
    const { result } = await retry
    expect(result).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await reader().waitForTransactionReceipt({ hash: result as Hex })).status).toBe('success')
    expect(await usdcOf(A)).toBe(before + 1_000_000n)
    await page.context().close()
  }, 120_000)
})
