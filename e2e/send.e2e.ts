import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { describe, expect, test } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { modal, useJourney } from './support/journey.js'
import { chainReader, connectAndOpenAccount } from './support/wallet.js'

const ADDRESS = DEV_ACCOUNTS[0]!.address
const { newWalletContext, openDemo, stack } = useJourney()
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

describe('send', () => {
  test('send native ETH: approved in the wallet, the balance changes on-chain and in the view', async () => {
    const chain = chainReader(stack.chains[0]!.rpcUrl)
    const receiver = DEV_ACCOUNTS[2]!.address
    const receiverBefore = await chain.eth(receiver)
    const page = await openDemo(await newWalletContext())
    await connectAndOpenAccount(page)
    const dialog = modal(page)
    const viewBefore = amountOf(await dialog.getByTestId('account-balance').textContent())

    await dialog.getByTestId('feature-send').click()
    const next = dialog.getByTestId('send-continue')
    expect(await next.textContent()).toBe('An amount and receiver address are required')
    expect(await next.isDisabled()).toBe(true)
    await dialog.getByTestId('send-amount').fill('1.5')
    await expect.poll(() => dialog.getByTestId('send-usd').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/)
    await dialog.getByTestId('send-receiver').fill(receiver)
    await expect.poll(() => next.textContent(), { timeout: 5_000 }).toBe('Preview Send')
    await next.click()
    await expect.poll(() => dialog.getByTestId('preview-fee').textContent(), { timeout: 30_000 }).toMatch(/ETH/)
    await dialog.getByTestId('send-submit').click()
    await page.getByTestId('test-wallet-approve').click()

    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction sent')
    await dialog.getByTestId('account-view').waitFor()
    expect((await chain.eth(receiver)) - receiverBefore).toBe(1_500_000_000_000_000_000n)
    await expect.poll(async () => amountOf(await dialog.getByTestId('account-balance').textContent())).toBeLessThanOrEqual(viewBefore - 1.5)
    await page.context().close()
  })

  test("send USDC: 'Insufficient balance' above the balance, Max, then an ERC20 transfer", async () => {
    const chain = chainReader(stack.chains[0]!.rpcUrl)
    const receiver = DEV_ACCOUNTS[2]!.address
    const [receiverBefore, senderBefore] = [await chain.usdc(receiver), await chain.usdc(ADDRESS)]
    const page = await openDemo(await newWalletContext())
    await connectAndOpenAccount(page)
    const dialog = modal(page)
    const tokenBefore = amountOf(await dialog.getByTestId('token-USDC').getByTestId('token-amount').textContent())

    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-token').click()
    await dialog.getByTestId('send-token-USDC').click()
    expect(await dialog.getByTestId('send-token').textContent()).toContain('USDC')
    await dialog.getByTestId('send-amount').fill('99999999')
    const next = dialog.getByTestId('send-continue')
    expect(await next.textContent()).toBe('Insufficient balance')
    expect(await next.isDisabled()).toBe(true)
    await dialog.getByTestId('send-max').click()
    expect(Number(await dialog.getByTestId('send-amount').inputValue()) * 1e6).toBe(Number(senderBefore))
    await dialog.getByTestId('send-amount').fill('12.5')
    await dialog.getByTestId('send-receiver').fill(receiver)
    await expect.poll(() => next.textContent(), { timeout: 5_000 }).toBe('Preview Send')
    await next.click()
    expect(await dialog.getByTestId('preview-amount').textContent()).toBe('12.5 USDC')
    await dialog.getByTestId('send-submit').click()
    await page.getByTestId('test-wallet-approve').click()

    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction sent')
    await dialog.getByTestId('account-view').waitFor()
    expect((await chain.usdc(receiver)) - receiverBefore).toBe(12_500_000n)
    expect(senderBefore - (await chain.usdc(ADDRESS))).toBe(12_500_000n)
    await expect.poll(async () => amountOf(await dialog.getByTestId('token-USDC').getByTestId('token-amount').textContent())).toBeCloseTo(tokenBefore - 12.5, 3)
    await page.context().close()
  })

  test('send to a registered name: the name resolves with its address and the funds arrive there', async () => {
    const owner = privateKeyToAccount(DEV_ACCOUNTS[3]!.privateKey)
    const name = `journey${Date.now().toString(36)}.portico.id`
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const response = await fetch(`${stack.apiUrl}/v1/profile/account?projectId=portico-dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        coinType: (0x80000000 | stack.chains[0]!.chainId) >>> 0,
        address: owner.address,
        message,
        signature: await owner.signMessage({ message }),
      }),
    })
    expect(response.status, await response.clone().text()).toBe(200)

    const chain = chainReader(stack.chains[0]!.rpcUrl)
    const before = await chain.eth(owner.address)
    const page = await openDemo(await newWalletContext())
    await connectAndOpenAccount(page)
    const dialog = modal(page)
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-amount').fill('0.25')
    await dialog.getByTestId('send-receiver').fill(name)
    await expect.poll(() => dialog.getByTestId('receiver-resolved').textContent(), { timeout: 5_000 }).toContain(name)
    await dialog.getByTestId('send-continue').click()
    expect(await dialog.getByTestId('preview-receiver').textContent()).toContain(name)
    await dialog.getByTestId('send-submit').click()
    await page.getByTestId('test-wallet-approve').click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction sent')
    expect((await chain.eth(owner.address)) - before).toBe(250_000_000_000_000_000n)
    await page.context().close()
  })

  test('a send the wallet rejects shows an error snack and stays on the preview', async () => {
    const page = await openDemo(await newWalletContext())
    await connectAndOpenAccount(page)
    const dialog = modal(page)
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-amount').fill('0.01')
    await dialog.getByTestId('send-receiver').fill(DEV_ACCOUNTS[2]!.address)
    await expect.poll(() => dialog.getByTestId('send-continue').textContent(), { timeout: 5_000 }).toBe('Preview Send')
    await dialog.getByTestId('send-continue').click()
    await dialog.getByTestId('send-submit').click()
    await page.getByTestId('test-wallet-reject').click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent()).toBe('Transaction rejected')
    expect(await dialog.getByTestId('portico-snack').getAttribute('data-variant')).toBe('error')
    expect(await dialog.getByTestId('wallet-send-preview').isVisible()).toBe(true)
    await page.context().close()
  })

  test('activity lists the sends once the indexer has them, grouped under Today', async () => {
    const history = async () => {
      const url = `${stack.apiUrl}/v1/account/${ADDRESS}/history?projectId=portico-dev&chainId=eip155:${stack.chains[0]!.chainId}`
      const { data } = (await (await fetch(url)).json()) as { data: Array<{ transfers: Array<{ quantity: { numeric: string } }> }> }
      return data.flatMap((t) => t.transfers.map((x) => x.quantity.numeric))
    }
    await expect.poll(history, { timeout: 30_000, interval: 1_000 }).toEqual(expect.arrayContaining(['1.5', '12.5']))

    const page = await openDemo(await newWalletContext())
    await connectAndOpenAccount(page)
    const dialog = modal(page)
    await dialog.getByRole('tab', { name: 'Activity' }).click()
    const rows = dialog.getByTestId('activity-row')
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    const amounts = await dialog.getByTestId('activity-amount').allTextContents()
    expect(amounts).toEqual(expect.arrayContaining(['−1.500 ETH', '−12.500 USDC']))
    expect(await rows.first().textContent()).toContain('Sent')
    expect(await dialog.getByRole('heading', { name: 'Today' }).count()).toBe(1)
    await page.context().close()
  })
})
