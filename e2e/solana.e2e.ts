import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEVNET_CAIP2, SOLANA_DEVNET_MINTS } from '@portico/devnet/solana-constants'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { createSolanaRpc, generateKeyPairSigner, type Address } from '@solana/kit'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'

// Solana through the modal: the Portico Solana Test Wallet (Wallet Standard, injected like an
// extension) on the stack's local Solana chain, every send checked on that chain through @solana/kit.
const { newWalletContext, openDemo, stack } = useJourney()
const rpc = () => createSolanaRpc(stack.solana!.rpcUrl)
const SENDER = SOLANA_DEV_ACCOUNTS[0]!.address as Address
const USDC = SOLANA_DEVNET_MINTS.usdc.address as Address
const WALLET_NAME = 'Portico Solana Test Wallet'
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

type PageWallet = import('@portico/test-wallets/solana').SolanaTestWalletHandle
const signedCount = (page: Page) => page.evaluate(() => (window as unknown as { porticoSolanaTestWallet: PageWallet }).porticoSolanaTestWallet.signed.length)

const lamports = async (owner: Address) => (await rpc().getBalance(owner, { commitment: 'confirmed' }).send()).value
async function usdcOf(owner: Address): Promise<bigint | undefined> {
  const [ata] = await findAssociatedTokenPda({ owner, mint: USDC, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const { value } = await rpc().getAccountInfo(ata, { encoding: 'base64', commitment: 'confirmed' }).send()
  if (!value) return undefined
  return BigInt((await rpc().getTokenAccountBalance(ata, { commitment: 'confirmed' }).send()).value.amount)
}

/** Opens Connect and picks the Solana test wallet in the list (approving in its dialog unless it auto-approves). */
async function connectSolana(page: Page, { approve = true } = {}) {
  const dialog = modal(page)
  await dialog.getByRole('button', { name: new RegExp(WALLET_NAME) }).click()
  if (approve) await page.getByTestId('solana-test-wallet-approve').click()
}

async function openAccount(page: Page) {
  await connectButton(page).click()
  await modal(page).getByTestId('account-view').waitFor()
}

async function fillSend(page: Page, { token, amount, to }: { token?: string; amount: string; to: string }) {
  const dialog = modal(page)
  if (token) {
    await dialog.getByTestId('send-token').click()
    await dialog.getByTestId(`send-token-${token}`).click()
  }
  await dialog.getByTestId('send-amount').fill(amount)
  await dialog.getByTestId('send-receiver').fill(to)
}

describe('Solana', () => {
  test('connect → SOL and USDC shown → send 0.5 SOL and 10 USDC to a fresh address (its token account created), confirmed on chain and listed in Activity; bad inputs send nothing', async () => {
    const fresh = (await generateKeyPairSigner()).address
    const [solBefore, usdcBefore] = [await lamports(SENDER), await usdcOf(SENDER)]
    expect(await usdcOf(fresh)).toBeUndefined()
    const page = await openDemo(await newWalletContext({ solana: { autoApprove: false } }))
    await connectButton(page).click()
    // The Wallet Standard wallet is listed beside the EIP-6963 one.
    const dialog = modal(page)
    await dialog.getByRole('button', { name: new RegExp(WALLET_NAME) }).waitFor()
    expect(await dialog.getByTestId('wallet-dev.portico.testwallet').isVisible()).toBe(true)
    await connectSolana(page)
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 10_000 }).toBe(SENDER)
    expect(await page.getByTestId('site-network').textContent()).toBe(SOLANA_DEVNET_CAIP2)

    await openAccount(page)
    await dialog.getByTestId('account-balance').filter({ hasText: 'SOL' }).waitFor({ timeout: 10_000 })
    await dialog.getByTestId('token-USDC').waitFor({ timeout: 10_000 })
    expect(amountOf(await dialog.getByTestId('token-USDC').getByTestId('token-amount').textContent())).toBe(Number(usdcBefore) / 1e6)
    expect(amountOf(await dialog.getByTestId('token-SOL').getByTestId('token-amount').textContent())).toBeCloseTo(Number(solBefore) / 1e9, 2)

    // Bad inputs: each shows its text, the form does not continue, and the wallet signs nothing.
    await dialog.getByTestId('feature-send').click()
    const next = dialog.getByTestId('send-continue')
    await fillSend(page, { amount: '0.5', to: DEV_ACCOUNTS[0]!.address })
    await expect.poll(() => dialog.getByTestId('receiver-error').textContent(), { timeout: 5_000 }).toBe('Invalid address')
    expect(await next.textContent()).toBe('Invalid address')
    expect(await next.isDisabled()).toBe(true)
    await fillSend(page, { amount: '100000', to: fresh })
    await expect.poll(() => next.textContent(), { timeout: 5_000 }).toBe('Insufficient balance')
    expect(await next.isDisabled()).toBe(true)
    await fillSend(page, { amount: '0.0001', to: fresh })
    // The chain agrees on the minimum the text names.
    const minimum = await rpc().getMinimumBalanceForRentExemption(0n).send()
    await expect.poll(() => next.textContent(), { timeout: 5_000 }).toBe(`A new account needs at least ${Number(minimum) / 1e9} SOL`)
    expect(await next.isDisabled()).toBe(true)
    expect(await signedCount(page)).toBe(0)

    // 10 USDC to the fresh address first (its token account is created), then 0.5 SOL.
    await fillSend(page, { token: 'USDC', amount: '10', to: fresh })
    await expect.poll(() => next.textContent(), { timeout: 5_000 }).toBe('Preview Send')
    await next.click()
    expect(await dialog.getByTestId('preview-amount').textContent()).toBe('10 USDC')
    await expect.poll(() => dialog.getByTestId('preview-fee').textContent(), { timeout: 30_000 }).toMatch(/SOL/)
    const started = Date.now()
    await dialog.getByTestId('send-submit').click()
    await page.getByTestId('solana-test-wallet-approve').click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction sent')
    console.log(`[figure] Send USDC → 'Transaction sent' (confirmed on the local chain): ${Date.now() - started} ms`)
    await dialog.getByTestId('account-view').waitFor()
    expect(await usdcOf(fresh)).toBe(10_000_000n)
    expect(usdcBefore! - (await usdcOf(SENDER))!).toBe(10_000_000n)
    await expect
      .poll(async () => amountOf(await dialog.getByTestId('token-USDC').getByTestId('token-amount').textContent()), { timeout: 10_000 })
      .toBeCloseTo(Number(usdcBefore) / 1e6 - 10, 3)

    await dialog.getByTestId('feature-send').click()
    await fillSend(page, { token: 'SOL', amount: '0.5', to: fresh })
    await expect.poll(() => next.textContent(), { timeout: 5_000 }).toBe('Preview Send')
    await next.click()
    await expect.poll(() => dialog.getByTestId('preview-fee').textContent(), { timeout: 30_000 }).toMatch(/SOL/)
    const solStarted = Date.now()
    await dialog.getByTestId('send-submit').click()
    await page.getByTestId('solana-test-wallet-approve').click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction sent')
    console.log(`[figure] Send SOL → 'Transaction sent' (confirmed on the local chain): ${Date.now() - solStarted} ms`)
    expect(await lamports(fresh)).toBe(500_000_000n)
    expect(solBefore - (await lamports(SENDER))).toBeGreaterThan(500_000_000n) // plus fees and the token account's rent

    // Both sends in Activity: read again after each confirmation until the server's index has it.
    await dialog.getByTestId('account-view').waitFor()
    await dialog.getByRole('tab', { name: 'Activity' }).click()
    await expect
      .poll(() => dialog.getByTestId('activity-amount').allTextContents(), { timeout: 15_000, interval: 500 })
      .toEqual(expect.arrayContaining(['−0.500 SOL', '−10.000 USDC']))
    await page.context().close()
  }, 150_000)

  test('sign-in with a Solana wallet: the server accepts the signed message and keeps the session', async () => {
    const page = await openDemo(await newWalletContext({ solana: { autoApprove: false, accountIndex: 2 } }), '?siwx=required')
    const owner = SOLANA_DEV_ACCOUNTS[2]!.address
    await connectButton(page).click()
    await connectSolana(page)
    const dialog = modal(page)
    await dialog.getByTestId('siwx-sign-message').waitFor({ timeout: 10_000 })
    await dialog.getByTestId('siwx-sign').click()
    await page.getByTestId('solana-test-wallet-approve').click()
    await expect.poll(() => page.getByTestId('site-siwx').textContent(), { timeout: 10_000 }).toBe(`Signed in (${SOLANA_DEVNET_CAIP2})`)
    expect(await page.getByTestId('site-address').textContent()).toBe(owner)

    // The server verified the ed25519 signature over its own message and lists the session with its token.
    const book = JSON.parse((await page.evaluate(() => localStorage.getItem('@portico/siwx_tokens'))) ?? '{}') as Record<
      string,
      Record<string, { token: string }>
    >
    const token = Object.values(book[owner] ?? book[owner.toLowerCase()] ?? {})[0]?.token
    expect(token, 'a session token').toBeTruthy()
    const response = await fetch(`${stack.apiUrl}/v1/sessions/${owner}?projectId=portico-dev`, { headers: { authorization: `Bearer ${token}` } })
    expect(response.status, `${JSON.stringify(book)} ${await response.clone().text()}`).toBe(200)
    const { sessions } = (await response.json()) as { sessions: Array<{ data: { accountAddress: string; chainId: string }; message: string }> }
    expect(sessions).toEqual([expect.objectContaining({ data: expect.objectContaining({ accountAddress: owner, chainId: SOLANA_DEVNET_CAIP2 }) })])
    expect(sessions[0]!.message.split('\n')[0]).toBe(`${new URL(stack.demoUrl).host} wants you to sign in with your Solana account:`)
    await page.context().close()
  })

  test('EVM and Solana connected together: Networks lists both, SwitchActiveChain adds the Solana wallet, Account switches; a reload reconnects both', async () => {
    const page = await openDemo(await newWalletContext({ autoApprove: true, solana: { autoApprove: true } }))
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.getByTestId('wallet-dev.portico.testwallet').click()
    await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
    const evmAddress = await page.getByTestId('site-address').textContent()

    await openAccount(page)
    await dialog.getByTestId('account-network').click()
    await dialog.getByTestId('networks-eip155').waitFor()
    expect(await dialog.getByTestId('networks-solana').isVisible()).toBe(true)
    expect(await dialog.getByTestId('networks-eip155').textContent()).toContain('Connected')
    await dialog.getByTestId(`network-${SOLANA_DEVNET_CAIP2}`).click()
    await dialog.getByTestId('switch-active-chain').waitFor()
    await dialog.getByTestId('switch-active-chain-connect').click()
    // Only wallets that connect Solana are offered.
    await dialog.getByRole('button', { name: new RegExp(WALLET_NAME) }).waitFor()
    expect(await dialog.getByTestId('wallet-dev.portico.testwallet').count()).toBe(0)
    await connectSolana(page, { approve: false })
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 10_000 }).toBe(SENDER)
    expect(await page.getByTestId('site-network').textContent()).toBe(SOLANA_DEVNET_CAIP2)

    // Account shows the active family's account; the switch goes back to the EVM one, which stayed connected.
    await openAccount(page)
    await dialog.getByTestId('account-balance').filter({ hasText: 'SOL' }).waitFor({ timeout: 10_000 })
    await dialog.getByTestId('family-eip155').click()
    await dialog.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('site-address').textContent()).toBe(evmAddress)
    // Networks switches back to Solana without asking the wallet again.
    await dialog.getByTestId('account-network').click()
    expect(await dialog.getByTestId('networks-solana').textContent()).toContain('Connected')
    await dialog.getByTestId(`network-${SOLANA_DEVNET_CAIP2}`).click()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(SENDER)

    // A reload reconnects both silently; the active family (Solana) is the stored one.
    await page.reload()
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 10_000 }).toBe(SENDER)
    expect(await page.getByTestId('site-network').textContent()).toBe(SOLANA_DEVNET_CAIP2)
    await openAccount(page)
    await dialog.getByTestId('family-switch').waitFor()
    await dialog.getByTestId('family-eip155').click()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(evmAddress)
    await page.context().close()
  })
})
