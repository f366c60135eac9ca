// @vitest-environment node
/**
 * Discovery through Wallet Standard, connect (approve / reject / silent), reload persistence and the
 * 'change' event, with `window` (an EventTarget, enough for Wallet Standard's events) and localStorage
 * stubbed in node as the EVM test wallet's tests do. Signing against the real chain: sign.test.ts.
 */
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEVNET_CAIP2 } from '@portico/devnet/solana-constants'
import type { Wallet } from '@wallet-standard/base'
import type { StandardEventsChangeProperties } from '@wallet-standard/features'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createSolanaTestWallet,
  registerSolanaTestWallet,
  SOLANA_TEST_WALLET_NAME,
  type SolanaApprovalRequest,
  type SolanaTestWalletFeatures,
  type SolanaTestWalletOptions,
} from './index'

function memoryStorage() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) }
}

beforeEach(() => {
  vi.stubGlobal('window', new EventTarget())
  vi.stubGlobal('localStorage', memoryStorage())
})
afterEach(() => vi.unstubAllGlobals())

const features = (wallet: Wallet) => wallet.features as unknown as SolanaTestWalletFeatures
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected rejection')
    },
    (e: unknown) => e as Error & { code: number },
  )

/** A wallet whose prompts are answered by `answers` in order (and recorded). */
function prompted(answers: boolean[], opts: SolanaTestWalletOptions = {}) {
  const asked: SolanaApprovalRequest[] = []
  const handle = createSolanaTestWallet({
    storageKey: 'pstw',
    origin: 'http://dapp.test',
    onApprovalRequest: (request) => {
      asked.push(request)
      return answers.shift() ?? false
    },
    ...opts,
  })
  return { handle, asked, f: features(handle.wallet) }
}

describe('Portico Solana Test Wallet', () => {
  it('is discovered through getWallets() with its name, features and chains, registered before or after the app', async () => {
    // A fresh module instance: getWallets() keeps its registry in module state.
    vi.resetModules()
    const { getWallets } = await import('@wallet-standard/app')
    const early = createSolanaTestWallet()
    registerSolanaTestWallet(early) // before the app: found through the app-ready event
    const wallets = getWallets()
    const found = wallets.get().find((w) => w.name === SOLANA_TEST_WALLET_NAME)
    expect(found).toBe(early.wallet)
    expect(window.porticoSolanaTestWallet).toBe(early)

    const registered: Wallet[] = []
    wallets.on('register', (...w) => registered.push(...w))
    const late = createSolanaTestWallet()
    registerSolanaTestWallet(late) // after the app: found through the register event
    expect(registered).toEqual([late.wallet])

    const wallet = found!
    expect(wallet.version).toBe('1.0.0')
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(wallet.chains).toEqual([SOLANA_DEVNET_CAIP2, 'solana:localnet'])
    expect(Object.keys(wallet.features).sort()).toEqual(
      [
        'solana:signAndSendTransaction',
        'solana:signIn',
        'solana:signMessage',
        'solana:signTransaction',
        'standard:connect',
        'standard:disconnect',
        'standard:events',
      ].sort(),
    )
    expect(features(wallet)['solana:signTransaction'].supportedTransactionVersions).toEqual(['legacy', 0])
    expect(wallet.accounts).toEqual([])
  })

  it('connects when approved, with the dev account and a change event', async () => {
    const { handle, asked, f } = prompted([true])
    const changes: StandardEventsChangeProperties[] = []
    f['standard:events'].on('change', (p) => changes.push(p))

    const { accounts } = await f['standard:connect'].connect()
    expect(accounts.map((a) => a.address)).toEqual([SOLANA_DEV_ACCOUNTS[0]!.address])
    expect(accounts[0]!.chains).toEqual([SOLANA_DEVNET_CAIP2, 'solana:localnet'])
    expect(accounts[0]!.features).toEqual(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'])
    expect(accounts[0]!.publicKey).toHaveLength(32)
    expect(handle.wallet.accounts).toEqual(accounts)
    expect(handle.connected).toBe(true)
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({
      feature: 'standard:connect',
      origin: 'http://dapp.test',
      title: 'Connect to http://dapp.test',
      account: SOLANA_DEV_ACCOUNTS[0]!.address,
    })
    expect(changes.map((c) => c.accounts?.map((a) => a.address))).toEqual([[SOLANA_DEV_ACCOUNTS[0]!.address]])
    // Connecting again does not prompt again.
    expect((await f['standard:connect'].connect()).accounts).toEqual(accounts)
    expect(asked).toHaveLength(1)
  })

  it('throws 4001 "User rejected the request." when the user rejects, and stays disconnected', async () => {
    const { handle, f } = prompted([false])
    const err = await rejection(f['standard:connect'].connect())
    expect(err).toBeInstanceOf(Error)
    expect(err.code).toBe(4001)
    expect(err.message).toBe('User rejected the request.')
    expect(handle.wallet.accounts).toEqual([])

    handle.rejectAll = true
    expect((await rejection(f['standard:connect'].connect())).code).toBe(4001)
  })

  it('connects silently only after the user approved the site, also after a reload, and not after a disconnect', async () => {
    const first = prompted([true])
    expect((await first.f['standard:connect'].connect({ silent: true })).accounts).toEqual([])
    expect(first.asked).toHaveLength(0) // silent never prompts
    await first.f['standard:connect'].connect()

    // "Reload": a new wallet on the same storage.
    const second = prompted([])
    expect(second.handle.wallet.accounts).toEqual([])
    const { accounts } = await second.f['standard:connect'].connect({ silent: true })
    expect(accounts.map((a) => a.address)).toEqual([SOLANA_DEV_ACCOUNTS[0]!.address])
    expect(second.asked).toHaveLength(0)

    const changes: StandardEventsChangeProperties[] = []
    second.f['standard:events'].on('change', (p) => changes.push(p))
    await second.f['standard:disconnect'].disconnect()
    expect(second.handle.wallet.accounts).toEqual([])
    expect(changes).toEqual([{ accounts: [] }])

    const third = prompted([])
    expect((await third.f['standard:connect'].connect({ silent: true })).accounts).toEqual([])
  })

  it('switching account emits change with the new account, persists it, and the old account can no longer sign', async () => {
    const { handle, f } = prompted([], { autoApprove: true })
    const {
      accounts: [first],
    } = await f['standard:connect'].connect()
    const changes: string[][] = []
    const off = f['standard:events'].on('change', (p) => changes.push((p.accounts ?? []).map((a) => a.address)))

    handle.setAccount(2)
    expect(handle.address).toBe(SOLANA_DEV_ACCOUNTS[2]!.address)
    expect(changes).toEqual([[SOLANA_DEV_ACCOUNTS[2]!.address]])
    expect(handle.wallet.accounts.map((a) => a.address)).toEqual([SOLANA_DEV_ACCOUNTS[2]!.address])
    const err = await rejection(f['solana:signMessage'].signMessage({ account: first!, message: new Uint8Array([1]) }))
    expect(err.code).toBe(4100)

    // By secret key too; the listener removed by `off` hears nothing more.
    off()
    handle.setAccount(SOLANA_DEV_ACCOUNTS[3]!.secretKey)
    expect(handle.address).toBe(SOLANA_DEV_ACCOUNTS[3]!.address)
    expect(changes).toHaveLength(1)

    // The selected account survives a reload.
    expect(createSolanaTestWallet({ storageKey: 'pstw' }).address).toBe(SOLANA_DEV_ACCOUNTS[3]!.address)

    // The user disconnecting in the wallet: accounts [] and change.
    const after: unknown[] = []
    f['standard:events'].on('change', (p) => after.push(p.accounts))
    handle.disconnect()
    expect(after).toEqual([[]])
    expect(handle.connected).toBe(false)
  })

  it('needs a connection (4100) before signing', async () => {
    const { handle, f } = prompted([], { autoApprove: true })
    const account = { address: handle.address, publicKey: new Uint8Array(32), chains: [], features: [] }
    expect((await rejection(f['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) }))).code).toBe(4100)
  })
})
