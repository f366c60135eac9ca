import { SOLANA_DEV_ACCOUNTS, SOLANA_DEVNET_CAIP2 } from '@portico/devnet/solana-constants'
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getPublicKeyFromAddress,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type Address,
  type SignatureBytes,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { useJourney } from './support/journey.js'

// The Portico Solana Test Wallet in Chromium: injected by dist/injected.js (as journeys do) and
// registered by the demo itself, found through Wallet Standard's events, approving in its own dialog.
const { newWalletContext, openDemo, stack } = useJourney()
const rpc = () => createSolanaRpc(stack.solana!.rpcUrl)
const account0 = SOLANA_DEV_ACCOUNTS[0]!.address

type PageWallet = import('@portico/test-wallets/solana').SolanaTestWalletHandle

/** What a Wallet Standard app sees: the wallets that register through the app-ready event. */
function discover(page: Page) {
  return page.evaluate(() => {
    const found: { name: string; chains: readonly string[]; features: string[] }[] = []
    const register = (...wallets: { name: string; chains: readonly string[]; features: object }[]) => {
      for (const w of wallets) found.push({ name: w.name, chains: w.chains, features: Object.keys(w.features).sort() })
      return () => undefined
    }
    const event = new Event('wallet-standard:app-ready')
    Object.defineProperty(event, 'detail', { value: Object.freeze({ register }) })
    window.dispatchEvent(event)
    return found
  })
}

/** Starts a feature call in the page; resolves to its outcome (bytes as number arrays, errors as {code, message}). */
function call(page: Page, feature: string, method: string, input: Record<string, unknown> = {}) {
  return page.evaluate(
    async ({ feature, method, input }) => {
      const handle = (window as unknown as { porticoSolanaTestWallet: PageWallet }).porticoSolanaTestWallet
      const features = handle.wallet.features as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>
      const bytes = (v: unknown) => (Array.isArray(v) ? new Uint8Array(v) : v)
      const args = { ...input, account: handle.wallet.accounts[0], message: bytes(input.message), transaction: bytes(input.transaction) }
      try {
        const out = await features[feature]![method]!(method === 'connect' ? input : args)
        // Wallet accounts keep their fields behind getters: only their address crosses over.
        const plain = (_k: string, v: unknown) =>
          v instanceof Uint8Array ? [...v] : v && typeof v === 'object' && 'publicKey' in v && 'address' in v ? { address: v.address } : v
        return JSON.parse(JSON.stringify(out, plain)) as Record<string, unknown>
      } catch (e) {
        return { error: { code: (e as { code?: number }).code, message: (e as Error).message } }
      }
    },
    { feature, method, input },
  )
}

async function approveInDialog(page: Page, expectedTitle?: string) {
  const dialog = page.getByTestId('solana-test-wallet-dialog')
  await dialog.waitFor()
  if (expectedTitle) expect(await dialog.getByTestId('solana-test-wallet-request').textContent()).toBe(expectedTitle)
  await dialog.getByTestId('solana-test-wallet-approve').click()
}

async function solTransfer(to: string, amount: bigint): Promise<number[]> {
  const { value: blockhash } = await rpc().getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(account0 as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstruction(getTransferSolInstruction({ source: createNoopSigner(account0 as Address), destination: to as Address, amount }), m),
  )
  return [...getTransactionEncoder().encode(compileTransaction(message))]
}

describe('Portico Solana Test Wallet', () => {
  test('injected: discovered, connects, signs and sends on the local chain through its dialog; silent connect after a reload', async () => {
    const page = await openDemo(await newWalletContext())
    const found = (await discover(page)).filter((w) => w.name === 'Portico Solana Test Wallet')
    expect(found).toEqual([
      {
        name: 'Portico Solana Test Wallet',
        chains: [SOLANA_DEVNET_CAIP2, 'solana:localnet'],
        features: [
          'solana:signAndSendTransaction',
          'solana:signIn',
          'solana:signMessage',
          'solana:signTransaction',
          'standard:connect',
          'standard:disconnect',
          'standard:events',
        ],
      },
    ])
    expect(await call(page, 'standard:connect', 'connect', { silent: true })).toEqual({ accounts: [] })

    const connecting = call(page, 'standard:connect', 'connect')
    await approveInDialog(page, `Connect to ${new URL(stack.demoUrl).origin}`)
    expect(((await connecting).accounts as { address: string }[]).map((a) => a.address)).toEqual([account0])

    const message = [...new TextEncoder().encode('Hello from the journey')]
    const signing = call(page, 'solana:signMessage', 'signMessage', { message })
    await approveInDialog(page, 'Sign message')
    const [{ signature }] = (await signing) as unknown as [{ signature: number[] }]
    const publicKey = await getPublicKeyFromAddress(account0 as Address)
    expect(await verifySignature(publicKey, new Uint8Array(signature) as SignatureBytes, new Uint8Array(message))).toBe(true)

    const to = SOLANA_DEV_ACCOUNTS[4]!.address as Address
    const before = (await rpc().getBalance(to).send()).value
    const sending = call(page, 'solana:signAndSendTransaction', 'signAndSendTransaction', {
      chain: SOLANA_DEVNET_CAIP2,
      transaction: await solTransfer(to, 250_000_000n),
    })
    await approveInDialog(page, `Send 0.25 SOL to ${to}`)
    expect(((await sending) as unknown as [{ signature: number[] }])[0].signature).toHaveLength(64)
    await expect.poll(async () => (await rpc().getBalance(to).send()).value - before).toBe(250_000_000n)

    const rejecting = call(page, 'solana:signMessage', 'signMessage', { message })
    await page.getByTestId('solana-test-wallet-reject').click()
    expect(await rejecting).toEqual({ error: { code: 4001, message: 'User rejected the request.' } })

    await page.reload()
    expect(((await call(page, 'standard:connect', 'connect', { silent: true })).accounts as { address: string }[]).map((a) => a.address)).toEqual([account0])
    // Auto-approve from the handle: no dialog.
    await page.evaluate(() => ((window as unknown as { porticoSolanaTestWallet: PageWallet }).porticoSolanaTestWallet.autoApprove = true))
    expect(await call(page, 'solana:signMessage', 'signMessage', { message })).toHaveLength(1)
    const signed = await page.evaluate(() => (window as unknown as { porticoSolanaTestWallet: PageWallet }).porticoSolanaTestWallet.signed)
    expect(signed).toEqual([expect.objectContaining({ feature: 'solana:signMessage', account: account0, message: 'Hello from the journey' })])
    await page.context().close()
  })

  test('the demo registers its own when none is injected, on the build’s Solana RPC', async () => {
    const injected = await newWalletContext()
    const context = await injected.browser()!.newContext()
    await injected.close()
    const page = await openDemo(context)
    await expect.poll(async () => (await discover(page)).map((w) => w.name)).toContain('Portico Solana Test Wallet')
    expect(await page.evaluate(() => (window as unknown as { porticoSolanaTestWallet: PageWallet }).porticoSolanaTestWallet.rpcUrl)).toBe(stack.solana!.rpcUrl)
    await context.close()
  })
})
