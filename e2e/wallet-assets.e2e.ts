import { DEV_ACCOUNTS, DEVNET_CONTRACTS } from '@portico/devnet/constants'
import { formatUnits, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'
import { chainReader } from './support/wallet.js'

const { newWalletContext, openDemo, stack } = useJourney()
const USDC = DEVNET_CONTRACTS.usdc as Hex

describe("SPEC §7 'Wallet calls': wallet_getCapabilities assetDiscovery and wallet_getAssets in the Account tokens list", () => {
  test("rule: a browser wallet advertising assetDiscovery fills the tokens list from wallet_getAssets, not from the server's balances", async () => {
    const page = await openDemo(await newWalletContext({ autoApprove: true, assets: [USDC] }))
    const balanceReads: string[] = []
    page.on('request', (request) => request.url().includes('/balance?') && balanceReads.push(request.url()))
    await connectButton(page).click()
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
    await connectButton(page).click()
    const account = modal(page).getByTestId('account-view')
    await account.waitFor()
    const usdc = await chainReader(stack.chains[0]!.rpcUrl).usdc(DEV_ACCOUNTS[0]!.address)
    const shown = Number(formatUnits(usdc, 6)).toLocaleString('en-US', { maximumFractionDigits: 3 })
    await expect.poll(() => account.getByTestId('token-USDC').getByTestId('token-amount').textContent(), { timeout: 15_000 }).toContain(shown.split('.')[0]!)
    // The wallet's answer, not the server's: the server's balance route was not read.
    expect(balanceReads).toEqual([])
    await page.context().close()
  })
})
