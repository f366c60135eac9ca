import { createSolanaRpc, generateKeyPairSigner, lamports, address as solanaAddress, type Address } from '@solana/kit'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { embeddedHelpers, FRAME, uniqueEmail } from './support/embedded.js'
import { connectButton, modal, useJourney } from './support/journey.js'

const { newWalletContext, openDemo, stack } = useJourney()
const { emailLogin, approveInFrame } = embeddedHelpers(stack)
const rpc = () => createSolanaRpc(stack.solana!.rpcUrl)

/** The page's Wallet Standard wallets, found the way any Solana dapp finds them (the app-ready event). */
async function callEmbeddedSolana(page: Page, action: 'address' | 'signText' | 'signTransaction', bytes?: number[]) {
  return page.evaluate(
    async ({ action, bytes }) => {
      const wallets: any[] = []
      window.dispatchEvent(Object.assign(new Event('wallet-standard:app-ready'), { detail: { register: (...w: any[]) => wallets.push(...w) } }))
      const wallet = wallets.find((w) => w.name === 'Portico')
      if (!wallet) return { error: 'not registered' }
      const { accounts } = await wallet.features['standard:connect'].connect({ silent: true })
      if (action === 'address') return { address: accounts[0]?.address as string }
      const message = action === 'signText' ? new TextEncoder().encode('Hello from a Solana dapp') : new Uint8Array(bytes!)
      try {
        const [result] = await wallet.features['solana:signMessage'].signMessage({ account: accounts[0], message })
        return { signature: Array.from(result.signature as Uint8Array) }
      } catch (error) {
        return { error: String((error as Error).message), code: (error as { code?: number }).code }
      }
    },
    { action, bytes },
  )
}

describe('the embedded wallet on Solana', () => {
  test('email login → the Solana account (a Wallet Standard wallet in the page) → 0.5 SOL sent, approved in the frame; a transaction passed to signMessage is refused', async () => {
    const page = await openDemo(await newWalletContext())
    await emailLogin(page, uniqueEmail('sol'))
    const { address } = (await callEmbeddedSolana(page, 'address')) as { address: string }
    expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const airdrop = await rpc().requestAirdrop(solanaAddress(address), lamports(2_000_000_000n)).send()
    await expect.poll(async () => (await rpc().getSignatureStatuses([airdrop]).send()).value[0]?.confirmationStatus).toMatch(/confirmed|finalized/)

    // Account on the Solana family: the embedded wallet's Solana account.
    await page.evaluate(() => localStorage.removeItem('@portico/portfolio_cache'))
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.getByTestId('family-solana').click()
    await expect.poll(() => dialog.getByTestId('account-balance').textContent(), { timeout: 20_000 }).toMatch(/SOL$/)

    const fresh = (await generateKeyPairSigner()).address
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-amount').fill('0.5')
    await dialog.getByTestId('send-receiver').fill(fresh)
    await expect.poll(() => dialog.getByTestId('send-continue').textContent(), { timeout: 10_000 }).toBe('Preview Send')
    await dialog.getByTestId('send-continue').click()
    await dialog.getByTestId('send-submit').click()
    const frame = page.frameLocator(FRAME)
    await frame.getByText('0.5 SOL').first().waitFor({ timeout: 15_000 })
    expect(await frame.locator('body').textContent()).toContain(fresh)
    await approveInFrame(page)
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 30_000 }).toBe('Transaction sent')
    expect(
      (
        await rpc()
          .getBalance(fresh as Address)
          .send()
      ).value,
    ).toBe(500_000_000n)

    // A dapp signs text with it (approved in the frame); a transaction as a "message" is refused.
    const signing = callEmbeddedSolana(page, 'signText')
    await approveInFrame(page)
    const { signature } = (await signing) as { signature: number[] }
    expect(ed25519.verify(new Uint8Array(signature), new TextEncoder().encode('Hello from a Solana dapp'), base58.decode(address))).toBe(true)
    const { value: blockhash } = await rpc().getLatestBlockhash().send()
    const {
      compileTransaction,
      createTransactionMessage,
      pipe,
      setTransactionMessageFeePayer,
      setTransactionMessageLifetimeUsingBlockhash,
      appendTransactionMessageInstructions,
      createNoopSigner,
      getTransactionEncoder,
    } = await import('@solana/kit')
    const { getTransferSolInstruction } = await import('@solana-program/system')
    const tx = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(solanaAddress(address), m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: createNoopSigner(solanaAddress(address)), destination: fresh, amount: 1n })],
            m,
          ),
      ),
    )
    const refused = (await callEmbeddedSolana(page, 'signTransaction', Array.from(getTransactionEncoder().encode(tx)))) as { error?: string; code?: number }
    expect(refused.error).toContain('is a Solana transaction')
    await page.context().close()
  })
})

describe('a Solana dapp on the wallet adapter', () => {
  test('@solana/wallet-adapter-react on the page lists the embedded wallet once the visitor signed in, connects it and has a message signed (approved in the frame)', async () => {
    const page = await openDemo(await newWalletContext(), '?solanaDapp')
    await page.getByTestId('solana-dapp').waitFor()
    const names = async () => (await page.getByTestId('solana-dapp-wallets').textContent())!.split(', ')
    expect(await names()).not.toContain('Portico')
    await emailLogin(page, uniqueEmail('dapp'))
    await expect.poll(names, { timeout: 10_000 }).toContain('Portico')
    await page.getByTestId('solana-dapp-select-Portico').click()
    await expect.poll(() => page.getByTestId('solana-dapp-account').textContent()).toBe('Portico selected')
    await page.getByTestId('solana-dapp-sign').click()
    await approveInFrame(page)
    const result = page.getByTestId('solana-dapp-result')
    await result.waitFor({ timeout: 20_000 })
    const text = (await result.textContent())!
    expect(text).not.toContain('error')
    const address = (await page.getByTestId('solana-dapp-account').textContent())!
    expect(ed25519.verify(new Uint8Array(text.split(',').map(Number)), new TextEncoder().encode('Signed by a Solana dapp'), base58.decode(address))).toBe(true)
    await page.context().close()
  })
})
