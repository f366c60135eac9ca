import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/test-wallets/walletconnect'
import { createPublicClient, http, verifyMessage } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import { embeddedHelpers, FRAME, uniqueEmail } from './support/embedded.js'
import { connectButton, modal, useJourney } from './support/journey.js'

// The host site's own code (viem on getProvider(portico, 'eip155'), the demo's "The site's own
// code" panel) uses the wallet the visitor connected in Portico's modal, by every method, and
// takes the same paths as the modal: the secure frame's approval screen for the embedded wallet.
const { newWalletContext, openDemo, stack } = useJourney()
const { emailLogin, approveInFrame, fund } = embeddedHelpers(stack)
const MESSAGE = 'Signed by the host site through Portico'
const chain = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
const wallets: WalletConnectTestWallet[] = []
afterEach(async () => {
  while (wallets.length)
    await wallets
      .pop()!
      .close()
      .catch(() => undefined)
})

async function hostResult(page: import('playwright-core').Page) {
  const result = page.getByTestId('host-result').or(page.getByTestId('host-error'))
  await result.waitFor({ timeout: 30_000 })
  return { ok: (await result.getAttribute('data-testid')) === 'host-result', text: (await result.textContent())! }
}

describe("the host's own code on Portico's public provider", () => {
  test('browser wallet: viem signs and sends through the connection made in the modal', async () => {
    const page = await openDemo(await newWalletContext({ autoApprove: true }))
    await connectButton(page).click()
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    const address = DEV_ACCOUNTS[0]!.address
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(address)

    await page.getByTestId('host-sign').click()
    const signed = await hostResult(page)
    expect(signed.ok).toBe(true)
    expect(await verifyMessage({ address, message: MESSAGE, signature: signed.text as `0x${string}` })).toBe(true)

    await page.getByTestId('host-send').click()
    const sent = await hostResult(page)
    expect(sent.ok).toBe(true)
    expect((await chain().waitForTransactionReceipt({ hash: sent.text as `0x${string}` })).status).toBe('success')
    await page.context().close()
  })

  test('browser wallet: a rejection reaches the host as UserRejectedRequestError (4001)', async () => {
    const page = await openDemo(await newWalletContext())
    await connectButton(page).click()
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await page.getByTestId('test-wallet-approve').click()
    await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
    await page.getByTestId('host-sign').click()
    await page.getByTestId('test-wallet-reject').click()
    const result = await hostResult(page)
    expect(result).toMatchObject({ ok: false })
    expect(result.text).toContain('UserRejectedRequestError (4001)')
    await page.context().close()
  })

  test("embedded wallet: the host's signature request waits on the secure frame's approval screen", async () => {
    const context = await newWalletContext()
    const page = await openDemo(context, '?testWallet=off')
    const address = await emailLogin(page, uniqueEmail('host-sign'))
    await page.getByTestId('host-sign').click()
    // Same path as the modal's own requests: the modal opens on ApproveTransaction with the frame on top.
    await modal(page).waitFor()
    await expect.poll(() => page.locator(FRAME).isVisible()).toBe(true)
    await approveInFrame(page)
    const signed = await hostResult(page)
    expect(signed.ok).toBe(true)
    expect(await verifyMessage({ address: address as `0x${string}`, message: MESSAGE, signature: signed.text as `0x${string}` })).toBe(true)

    // A no on the approval screen is a 4001 for the host.
    await fund(address, '0.01')
    await page.getByTestId('host-send').click()
    const reject = page.frameLocator(FRAME).getByTestId('frame-reject')
    await reject.waitFor({ timeout: 20_000 })
    await expect.poll(() => reject.isEnabled(), { timeout: 5_000 }).toBe(true)
    await reject.click()
    const refused = await hostResult(page)
    expect(refused.ok).toBe(false)
    expect(refused.text).toContain('(4001)')
    await context.close()
  })

  test('WalletConnect: the host signs through the session paired in the modal', async () => {
    const page = await openDemo(await newWalletContext(), '?testWallet=off')
    await connectButton(page).click()
    await modal(page).getByTestId('wallet-walletConnect').click()
    const qr = modal(page).getByTestId('wc-qr')
    await qr.waitFor({ timeout: 20_000 })
    const account = DEV_ACCOUNTS[3]!
    const wallet = await createWalletConnectTestWallet({
      relayUrl: `${stack.apiUrl.replace(/^http/, 'ws')}/relay`,
      privateKey: account.privateKey,
      rpc: Object.fromEntries(stack.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
      autoApprove: true,
    })
    wallets.push(wallet)
    await wallet.pair((await qr.getAttribute('data-value'))!)
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(account.address)
    await page.getByTestId('host-sign').click()
    const signed = await hostResult(page)
    expect(signed.ok).toBe(true)
    expect(await verifyMessage({ address: account.address, message: MESSAGE, signature: signed.text as `0x${string}` })).toBe(true)
    expect(wallet.handled().some((h) => h.method === 'personal_sign' && h.approved)).toBe(true)
    await page.context().close()
  })
})
