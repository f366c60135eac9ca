// @vitest-environment node
/**
 * Discovery through the page's real Wallet Standard registry (@wallet-standard/app), with the
 * Portico Solana Test Wallet registered the way a wallet extension registers (registerWallet).
 * `window` is one EventTarget for the whole file: the registry binds to it once.
 */
import { mergeConnectors, type Connector } from '@portico/core'
import { createSolanaTestWallet, registerSolanaTestWallet, SOLANA_TEST_WALLET_ICON, SOLANA_TEST_WALLET_NAME } from '@portico/test-wallets/solana'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { SolanaAdapter } from './SolanaAdapter.js'
import { discoverStandardWallets } from './discovery.js'
import { isSolanaWallet } from './walletStandard.js'
import { withoutFeature } from './test/setup.js'

beforeAll(() => {
  vi.stubGlobal('window', new EventTarget())
})
afterAll(() => vi.unstubAllGlobals())

const named = (wallet: Wallet, name: string, changes: Partial<Wallet> = {}): Wallet => ({ ...withoutFeature(wallet, 'none'), name, ...changes })
const events = { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnected: vi.fn() }

describe('discoverStandardWallets', () => {
  test('wallets registered before and after Portico; kept only when usable on Solana; unregistering removes them', () => {
    const handle = createSolanaTestWallet({ autoApprove: true })
    registerSolanaTestWallet(handle) // before the app asks: registered when getWallets() announces the app
    const lists: string[][] = []
    const stop = discoverStandardWallets((wallets) => lists.push(wallets.map((w) => w.name)))
    expect(lists.at(-1)).toEqual([SOLANA_TEST_WALLET_NAME])

    const registry = getWallets()
    const evmOnly = named(handle.wallet as Wallet, 'EVM Only', { chains: ['eip155:1'] })
    const noEvents = withoutFeature(handle.wallet as Wallet, 'standard:events')
    const noSigning = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction', 'solana:signIn'].reduce(
      (w, f) => withoutFeature(w, f),
      named(handle.wallet as Wallet, 'Cannot Sign'),
    )
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const badIcon = named(handle.wallet as Wallet, 'Bad Icon', { icon: 'javascript:alert(1)' as never })
    registry.register(evmOnly, noEvents, noSigning, badIcon)
    expect([evmOnly, noEvents, noSigning].map(isSolanaWallet)).toEqual([false, false, false])
    expect(lists.at(-1)).toEqual([SOLANA_TEST_WALLET_NAME])
    expect(warn).toHaveBeenCalledWith('[portico] ignored an invalid Wallet Standard wallet', expect.stringContaining('icon'))
    warn.mockRestore()

    const second = named(createSolanaTestWallet().wallet as Wallet, 'Second Wallet', { icon: SOLANA_TEST_WALLET_ICON })
    const unregister = registry.register(second)
    expect(lists.at(-1)).toEqual([SOLANA_TEST_WALLET_NAME, 'Second Wallet'])
    unregister()
    expect(lists.at(-1)).toEqual([SOLANA_TEST_WALLET_NAME])
    stop()
    const afterStop = registry.register(named(second, 'After Stop'))
    expect(lists.at(-1)).toEqual([SOLANA_TEST_WALLET_NAME])
    afterStop()
  })

  test('a wallet present as EIP-6963 and Wallet Standard (same name) is one Connect entry with both families', () => {
    const adapter = new SolanaAdapter()
    adapter.setup({ networks: [], events })
    let solana: Connector[] = []
    const stop = adapter.watchConnectors((c) => (solana = c))
    const evm: Connector = {
      id: 'xyz.portico.testwallet',
      name: SOLANA_TEST_WALLET_NAME,
      type: 'ANNOUNCED',
      chain: 'eip155',
      info: { rdns: 'xyz.portico.testwallet' },
    }
    const merged = mergeConnectors([evm, ...solana, { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }])
    expect(merged.map((c) => c.name)).toEqual([SOLANA_TEST_WALLET_NAME, 'MetaMask'])
    expect(merged[0]).toMatchObject({ id: 'xyz.portico.testwallet', type: 'MULTI_CHAIN' })
    expect(merged[0]!.connectors!.map((c) => [c.chain, c.id])).toEqual([
      ['eip155', 'xyz.portico.testwallet'],
      ['solana', SOLANA_TEST_WALLET_NAME],
    ])
    stop()
  })

  test('reconnect on reload waits for a wallet that registers late, and restores its authorized account', async () => {
    const handle = createSolanaTestWallet({ autoApprove: true, accountIndex: 2 })
    await (handle.wallet.features['standard:connect'] as { connect(): Promise<unknown> }).connect() // authorized earlier
    const late = named(handle.wallet as Wallet, 'Late Wallet')
    const adapter = new SolanaAdapter()
    adapter.setup({ networks: [], events })
    const stop = adapter.watchConnectors(() => {})
    const reconnecting = adapter.reconnect({ connectorId: 'late wallet', timeoutMs: 2_000 })
    setTimeout(() => getWallets().register(late), 50)
    expect(await reconnecting).toMatchObject({ connectorId: 'late wallet', accounts: [{ address: handle.address, type: 'eoa' }] })
    expect(adapter.getProvider('Late Wallet')).toBe(late)
    stop()
  })
})
