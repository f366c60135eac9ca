import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEVNET_CAIP2 } from '@portico/devnet/solana-constants'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/test-wallets/walletconnect'
import { createSolanaRpc, generateKeyPairSigner, type Address } from '@solana/kit'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'

// The solana namespace over WalletConnect: the demo (EVM and Solana networks) pairs through
// Portico's relay with the WalletConnect test wallet (the real wallet SDK in Node) offering a
// dev account of the stack's local Solana chain; what it signs is checked on that chain.
const { newWalletContext, openDemo, stack } = useJourney()
const SOLANA_ACCOUNT = 4
const SOLANA_ADDRESS = SOLANA_DEV_ACCOUNTS[SOLANA_ACCOUNT]!.address
const EVM = DEV_ACCOUNTS[2]!
const relay = () => `${stack.apiUrl.replace(/^http/, 'ws')}/relay`
const lamports = async (owner: string) =>
  (
    await createSolanaRpc(stack.solana!.rpcUrl)
      .getBalance(owner as Address, { commitment: 'confirmed' })
      .send()
  ).value
const wallets: WalletConnectTestWallet[] = []
afterEach(async () => {
  while (wallets.length)
    await wallets
      .pop()!
      .close()
      .catch(() => undefined)
})

/** The WalletConnect test wallet on the local Solana chain, and on the EVM devnet chains when `evm`. */
async function wcWallet({ evm = false } = {}) {
  const rpc: Record<string, string> = { [SOLANA_DEVNET_CAIP2]: stack.solana!.rpcUrl }
  if (evm) for (const c of stack.chains) rpc[`eip155:${c.chainId}`] = c.rpcUrl
  const wallet = await createWalletConnectTestWallet({ relayUrl: relay(), privateKey: EVM.privateKey, rpc, solanaAccount: SOLANA_ACCOUNT })
  wallets.push(wallet)
  return wallet
}

/** Connect → WalletConnect → the QR's URI, paired by the wallet. */
async function pairFromQr(page: Page, wallet: WalletConnectTestWallet) {
  await connectButton(page).click()
  await modal(page).getByTestId('wallet-walletConnect').click()
  const qr = modal(page).getByTestId('wc-qr')
  await qr.waitFor({ timeout: 20_000 })
  const started = Date.now()
  await wallet.pair((await qr.getAttribute('data-value'))!)
  return started
}

describe('WalletConnect with the solana namespace', () => {
  test('a Solana-only WalletConnect wallet connects the Solana account; a SOL send is signed over the session and lands; a reload restores it', async () => {
    const page = await openDemo(await newWalletContext(), '?testWallet=off')
    const wallet = await wcWallet()
    const started = await pairFromQr(page, wallet)
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(SOLANA_ADDRESS)
    console.log(`[figures] pair → Solana address shown ${Date.now() - started} ms (local relay)`)
    expect(await page.getByTestId('site-network').textContent()).toBe(SOLANA_DEVNET_CAIP2)
    expect(Object.keys(wallet.sessions()[0]!.namespaces)).toEqual(['solana'])

    const to = (await generateKeyPairSigner()).address
    const dialog = modal(page)
    await connectButton(page).click()
    await dialog.getByTestId('account-view').waitFor()
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-amount').fill('0.1')
    await dialog.getByTestId('send-receiver').fill(to)
    const next = dialog.getByTestId('send-continue')
    await expect.poll(() => next.textContent(), { timeout: 10_000 }).toBe('Preview Send')
    await next.click()
    const sent = Date.now()
    await dialog.getByTestId('send-submit').click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 30_000 }).toBe('Transaction sent')
    console.log(`[figures] Send SOL over WalletConnect → 'Transaction sent' ${Date.now() - sent} ms`)
    expect(wallet.handled().filter((h) => h.kind === 'request')).toEqual([expect.objectContaining({ method: 'solana_signAndSendTransaction', approved: true })])
    expect(await lamports(to)).toBe(100_000_000n)

    // A reload restores the Solana connection from the stored session, without pairing again.
    await page.reload()
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(SOLANA_ADDRESS)
    expect(await page.getByTestId('site-network').textContent()).toBe(SOLANA_DEVNET_CAIP2)
    await page.context().close()
  })

  test('sign-in over WalletConnect: solana_signMessage, and the server accepts the ed25519 signature', async () => {
    const page = await openDemo(await newWalletContext(), '?testWallet=off&siwx=required')
    const wallet = await wcWallet()
    await pairFromQr(page, wallet)
    const dialog = modal(page)
    await dialog.getByTestId('siwx-sign-message').waitFor({ timeout: 30_000 })
    await dialog.getByTestId('siwx-sign').click()
    await expect.poll(() => page.getByTestId('site-siwx').textContent(), { timeout: 30_000 }).toBe(`Signed in (${SOLANA_DEVNET_CAIP2})`)
    expect(wallet.handled().filter((h) => h.kind === 'request')).toEqual([expect.objectContaining({ method: 'solana_signMessage', approved: true })])
    expect(await page.getByTestId('site-address').textContent()).toBe(SOLANA_ADDRESS)
    await page.context().close()
  })

  test('one session with eip155 and solana connects both families; Account switches between them', async () => {
    const page = await openDemo(await newWalletContext(), '?testWallet=off')
    const wallet = await wcWallet({ evm: true })
    await pairFromQr(page, wallet)
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).not.toBe('—')
    expect(Object.keys(wallet.sessions()[0]!.namespaces).sort()).toEqual(['eip155', 'solana'])

    const dialog = modal(page)
    await connectButton(page).click()
    await dialog.getByTestId('family-switch').waitFor({ timeout: 10_000 })
    await dialog.getByTestId('family-solana').click()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(SOLANA_ADDRESS)
    await dialog.getByTestId('family-eip155').click()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(EVM.address)
    await page.context().close()
  })
})
