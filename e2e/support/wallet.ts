import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, type Address } from 'viem'
import { DEVNET_CONTRACTS } from '@portico/devnet/constants'
import { connectButton, modal } from './browser.js'

/** Connects the injected test wallet (approving in its dialog unless it auto-approves) and opens the Account view. */
export async function connectAndOpenAccount(page: Page, { autoApproved = false } = {}) {
  await connectButton(page).click()
  await page.getByTestId('wallet-dev.portico.testwallet').click()
  if (!autoApproved) await page.getByTestId('test-wallet-approve').click()
  await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
  await connectButton(page).click()
  await modal(page).getByTestId('account-view').waitFor()
  await page.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor()
}

/** Reads balances straight from the devnet, the way a block explorer would. */
export function chainReader(rpcUrl: string) {
  const client = createPublicClient({ transport: http(rpcUrl) })
  return {
    eth: (address: Address) => client.getBalance({ address }),
    usdc: (address: Address) => client.readContract({ address: DEVNET_CONTRACTS.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
  }
}
