import { describe, expect, test } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { modal, useJourney } from './support/journey.js'
import { chainReader, connectAndOpenAccount } from './support/wallet.js'

const { newWalletContext, openDemo, stack } = useJourney()

describe('onramp (SPEC §2 OnRamp views, §7 provider link, §9 Onramp)', () => {
  test('buy USDC through the sandbox provider: token, fiat, amount and quote, the provider window, then the balance rises', async () => {
    // A fresh account: it holds no USDC before the purchase.
    const privateKey = generatePrivateKey()
    const { address } = privateKeyToAccount(privateKey)
    const chain = chainReader(stack.chains[0]!.rpcUrl)
    expect(await chain.usdc(address)).toBe(0n)
    const context = await newWalletContext({ privateKey })
    const page = await openDemo(context)
    await connectAndOpenAccount(page)
    const dialog = modal(page)

    await dialog.getByTestId('feature-onramp').click()
    const usdc = dialog.getByTestId('onramp-token-USDC')
    await usdc.waitFor()
    expect(await usdc.getAttribute('aria-current')).toBe('true') // SPEC §9: USDC by default
    expect(await dialog.getByTestId('legal-footer').isVisible()).toBe(true)
    await usdc.click()

    const usd = dialog.getByTestId('onramp-fiat-USD')
    await usd.waitFor()
    expect(await usd.getAttribute('aria-current')).toBe('true') // SPEC §9: USD by default
    expect(await dialog.getByTestId('legal-footer').isVisible()).toBe(true)
    await usd.click()

    await dialog.getByTestId('onramp-providers').waitFor()
    expect(await dialog.getByTestId('legal-footer').isVisible()).toBe(true)
    expect(await dialog.getByTestId('onramp-limits').textContent()).toBe('Limits: Card 10.00–7500.00 · Bank account 10.00–25000.00 USD')
    const amount = dialog.getByTestId('onramp-amount')
    const provider = dialog.getByTestId('onramp-provider-sandbox')
    await amount.fill('5')
    await expect.poll(() => dialog.getByTestId('onramp-limits').textContent()).toBe('The minimum is 10.00 USD')
    expect(await provider.isDisabled()).toBe(true)

    await amount.fill('25.50')
    expect(await amount.inputValue()).toBe('25.50') // kept as typed
    // 25.50 USD − 1.5 % provider fee (0.38) − network fee (0.01) = 25.11 USDC at 1 USD.
    await expect.poll(() => dialog.getByTestId('onramp-quote-amount').textContent(), { timeout: 5_000 }).toBe('≈ 25.11 USDC')
    expect(await provider.textContent()).toContain('Fees 1-2%')

    const [popup] = await Promise.all([context.waitForEvent('page'), provider.click()])
    await popup.waitForLoadState()
    const link = new URL(popup.url())
    expect(link.pathname).toBe('/sandbox/onramp')
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      destinationCurrencyCode: 'USDC',
      walletAddress: address,
      externalCustomerId: 'portico-dev',
      amount: '25.50',
    })
    expect(link.searchParams.get('publicKey')).toBeTruthy()
    expect(await dialog.getByText('Complete the purchase in the provider window').isVisible()).toBe(true)

    await popup.getByRole('button', { name: 'Complete purchase' }).click()
    await popup.getByText('Purchase complete').waitFor({ timeout: 20_000 })
    expect(await chain.usdc(address)).toBe(25_110_000n)
    await popup.close()

    await dialog.getByTestId('onramp-refresh').click()
    await expect.poll(() => dialog.getByTestId('onramp-balance').textContent(), { timeout: 10_000 }).toBe('25.110 USDC')
    await dialog.getByTestId('onramp-done').click()
    await expect.poll(() => dialog.getByTestId('token-USDC').getByTestId('token-amount').textContent(), { timeout: 10_000 }).toContain('25.110')
    await context.close()
  })
})
