import { DEV_ACCOUNTS, DEVNET_CONTRACTS } from '@portico/devnet/constants'
import { usdcAbi } from '@portico/devnet'
import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, encodeFunctionData, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { embeddedHelpers, FRAME, uniqueEmail } from './support/embedded.js'
import { connectButton, modal, useJourney } from './support/journey.js'

// EIP-5792 batched calls from the host's own code (getProvider's provider, window.porticoProvider
// in the demo): two USDC transfers in ONE approval, by the browser test wallet (one transaction
// per call) and by the embedded wallet (the secure frame's single screen listing both calls).
const { newWalletContext, openDemo, stack } = useJourney()
const { emailLogin, approveInFrame, fund } = embeddedHelpers(stack)
const USDC = DEVNET_CONTRACTS.usdc as Hex
const SPEC_TEXT = "Batched calls need a 'to' starting with 0x and optional data starting with 0x"
const [A, B] = [DEV_ACCOUNTS[1]!.address as Hex, DEV_ACCOUNTS[2]!.address as Hex]
const client = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
const usdcOf = (who: Hex) => client().readContract({ address: USDC, abi: usdcAbi, functionName: 'balanceOf', args: [who] }) as Promise<bigint>
const transfer = (to: Hex, amount: bigint) => encodeFunctionData({ abi: usdcAbi, functionName: 'transfer', args: [to, amount] })

type Answer = { result?: unknown; error?: { code?: number; message: string } }
/** One EIP-1193 request from the page's own code, through Portico's public provider. */
function hostRequest(page: Page, method: string, params: unknown[]): Promise<Answer> {
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

async function settled(page: Page, id: string) {
  let status: { status: number; atomic: boolean; receipts: { status: string }[] } | undefined
  await expect
    .poll(
      async () => {
        status = (await hostRequest(page, 'wallet_getCallsStatus', [id])).result as typeof status
        return status?.status
      },
      { timeout: 30_000, interval: 200 },
    )
    .not.toBe(100)
  return status!
}

const batch = (from: string, calls: unknown[]) => [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls }]

describe('EIP-5792 batched calls through getProvider', () => {
  test('browser wallet: wallet_sendCalls with two USDC transfers → one approval, both land, wallet_getCallsStatus 200; a bad call is refused with SPEC’s text before any prompt', async () => {
    const page = await openDemo(await newWalletContext())
    await connectButton(page).click()
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await page.getByTestId('test-wallet-approve').click()
    const from = DEV_ACCOUNTS[0]!.address
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(from)

    expect((await hostRequest(page, 'wallet_getCapabilities', [from, ['0x7a69']])).result).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })

    // The rule first: no dialog opens for a 'to' without 0x.
    const bad = await hostRequest(page, 'wallet_sendCalls', batch(from, [{ to: USDC.slice(2), data: transfer(A, 1n) }]))
    expect(bad.error).toEqual({ code: -32602, message: SPEC_TEXT })
    expect(await page.getByTestId('test-wallet-dialog').count()).toBe(0)

    const before = [await usdcOf(A), await usdcOf(B)]
    const sent = hostRequest(
      page,
      'wallet_sendCalls',
      batch(from, [
        { to: USDC, data: transfer(A, 1_250_000n) },
        { to: USDC, data: transfer(B, 2_500_000n) },
      ]),
    )
    const dialog = page.getByTestId('test-wallet-dialog')
    await dialog.waitFor()
    await expect.poll(() => dialog.textContent()).toContain('Send 2 calls')
    expect(await dialog.textContent()).toContain('Call 2')
    await page.getByTestId('test-wallet-approve').click()
    const { result } = await sent
    const { id } = result as { id: string }

    const status = await settled(page, id)
    expect(status).toMatchObject({ status: 200, atomic: false })
    expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
    expect([await usdcOf(A), await usdcOf(B)]).toEqual([before[0]! + 1_250_000n, before[1]! + 2_500_000n])
    // Only one prompt was needed for the whole batch.
    expect(await page.getByTestId('test-wallet-dialog').count()).toBe(0)
    await page.context().close()
  })

  test('embedded wallet (email login): one approval screen in the secure frame lists both transfers; both land; status 200', async () => {
    const context = await newWalletContext()
    const page = await openDemo(context, '?testWallet=off')
    const address = (await emailLogin(page, uniqueEmail('batch'))) as Hex
    await fund(address, '0.02')
    const funder = createWalletClient({ account: privateKeyToAccount(DEV_ACCOUNTS[4]!.privateKey as Hex), transport: http(stack.chains[0]!.rpcUrl) })
    await client().waitForTransactionReceipt({
      hash: await funder.writeContract({ address: USDC, abi: usdcAbi, functionName: 'transfer', args: [address, 10_000_000n], chain: null }),
    })

    expect((await hostRequest(page, 'wallet_getCapabilities', [address, ['0x7a69']])).result).toMatchObject({
      '0x7a69': { atomic: { status: expect.any(String) } },
    })
    const bad = await hostRequest(page, 'wallet_sendCalls', batch(address, [{ to: USDC, data: 'a9059cbb' }]))
    expect(bad.error).toEqual({ code: -32602, message: SPEC_TEXT })
    expect(await page.frameLocator(FRAME).locator('section.approval').count()).toBe(0)

    const before = [await usdcOf(A), await usdcOf(B)]
    const sent = hostRequest(
      page,
      'wallet_sendCalls',
      batch(address, [
        { to: USDC, data: transfer(A, 1_000_000n) },
        { to: USDC, data: transfer(B, 3_000_000n) },
      ]),
    )
    await modal(page).waitFor()
    const screen = page.frameLocator(FRAME).locator('section.approval')
    await screen.waitFor({ timeout: 20_000 })
    await expect.poll(() => screen.textContent()).toContain('Approve 2 calls')
    const text = (await screen.textContent())!
    for (const expected of ['Call 1 of 2: Send tokens', 'Call 2 of 2: Send tokens', '1 USDC', '3 USDC', '68 bytes']) expect(text).toContain(expected)
    await approveInFrame(page)
    const { result, error } = await sent
    expect(error).toBeUndefined()
    const status = await settled(page, (result as { id: string }).id)
    expect(status.status).toBe(200)
    expect(status.receipts).toHaveLength(status.atomic ? 1 : 2)
    expect([await usdcOf(A), await usdcOf(B)]).toEqual([before[0]! + 1_000_000n, before[1]! + 3_000_000n])

    // Account shows the embedded wallet's account type (no switch while no network has smart accounts).
    await connectButton(page).click()
    await expect.poll(() => modal(page).getByTestId('account-type-value').textContent(), { timeout: 15_000 }).toMatch(/^(EOA|Smart account)$/)
    await context.close()
  })
})
