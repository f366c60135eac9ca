import { createPortico, defineNetwork, initialize, memoryStorage, type AdapterEvents, type CaipNetwork } from '@portico/core'
import { startDevnet, type Devnet } from '@portico/devnet'
import { announceTestWallet, createTestWallet, TEST_WALLET_ICON } from '@portico/test-wallets/injected'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { EvmAdapter } from './EvmAdapter.js'
import type { ProviderDetail } from './schemas.js'

// The adapter against a real devnet (anvil) and the real test wallet (an EIP-1193 provider
// signing with a dev key). Only discovery is handed in directly, since Node has no window.
let devnet: Devnet
let networks: [CaipNetwork, CaipNetwork]
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true, skipFixtures: true })
  networks = devnet.chains.map((c) =>
    defineNetwork({ id: c.chainId, chainNamespace: 'eip155', name: c.name, nativeCurrency: c.nativeCurrency, rpcUrls: { default: { http: [c.rpcUrl] } } }),
  ) as [CaipNetwork, CaipNetwork]
})
afterAll(() => devnet?.stop())

const RDNS = 'dev.portico.testwallet'
function setup(walletOptions: Parameters<typeof createTestWallet>[0] = {}) {
  const wallet = createTestWallet({
    autoApprove: true,
    chains: devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency })),
    origin: 'http://127.0.0.1',
    ...walletOptions,
  })
  const detail = { info: { uuid: 'uuid-1', name: 'Portico Test Wallet', icon: TEST_WALLET_ICON, rdns: RDNS }, provider: wallet } as ProviderDetail
  const adapter = new EvmAdapter({ discover: (onChange) => (onChange([detail]), () => {}) })
  const events: AdapterEvents = { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnected: vi.fn() }
  adapter.setup({ networks, events })
  adapter.watchConnectors(() => {})
  return { adapter, wallet, events }
}

describe('EvmAdapter', () => {
  test('default: connect returns the account and the chain as CAIP ids; the connector id is the rdns', async () => {
    const { adapter } = setup()
    const connectors: unknown[] = []
    adapter.watchConnectors((list) => connectors.push(...list))
    expect(connectors).toMatchObject([{ id: RDNS, name: 'Portico Test Wallet', type: 'ANNOUNCED', chain: 'eip155' }])
    const result = await adapter.connect({ connectorId: RDNS })
    expect(result).toEqual({
      connectorId: RDNS,
      accounts: [{ address: devnet.accounts[0]!.address, type: 'eoa' }],
      caipNetworkId: `eip155:${devnet.chains[0]!.chainId}`,
    })
  })

  test('behavior: the native balance comes from the chain, exact', async () => {
    const { adapter } = setup()
    const balance = await adapter.getBalance({ address: devnet.accounts[3]!.address, caipNetwork: networks[1] })
    expect(balance).toEqual({ value: (10_000n * 10n ** 18n).toString(), decimals: 18, symbol: 'ETH' })
  })

  test('error: EIP-1193 4001 becomes UserRejectedRequestError', async () => {
    const { adapter } = setup({ autoApprove: false, rejectAll: true })
    await expect(adapter.connect({ connectorId: RDNS })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  })

  test('behavior: reconnect never prompts; null when the page is not authorized', async () => {
    const { adapter } = setup({ autoApprove: false, rejectAll: true })
    expect(await adapter.reconnect({ connectorId: RDNS, timeoutMs: 50 })).toBeNull()
    expect(await adapter.reconnect({ connectorId: 'com.missing', timeoutMs: 50 })).toBeNull()
  })

  test('behavior: switching to a chain the wallet does not know adds it (4902 → wallet_addEthereumChain)', async () => {
    const { adapter, wallet, events } = setup({ knownChainIds: [networks[0].id as number] })
    await adapter.connect({ connectorId: RDNS })
    await adapter.switchNetwork({ connectorId: RDNS, caipNetwork: networks[1] })
    expect(await wallet.request({ method: 'eth_chainId' })).toBe(`0x${Number(networks[1].id).toString(16)}`)
    expect(events.chainChanged).toHaveBeenCalledWith(RDNS, networks[1].caipNetworkId)
  })

  test('behavior: after disconnect the wallet no longer authorizes the page', async () => {
    const { adapter } = setup()
    await adapter.connect({ connectorId: RDNS })
    await adapter.disconnect({ connectorId: RDNS })
    expect(await adapter.reconnect({ connectorId: RDNS, timeoutMs: 50 })).toBeNull()
  })

  test('behavior: through core, connect then switch updates account and network state', async () => {
    const { adapter } = setup()
    const portico = createPortico({ adapters: [adapter], networks, storage: memoryStorage() })
    await initialize(portico)
    const { connectExternal, switchNetwork, getAccount } = await import('@portico/core')
    await connectExternal(portico, { connectorId: RDNS })
    await switchNetwork(portico, { caipNetworkId: networks[1].caipNetworkId })
    expect(getAccount(portico).caipAddress).toBe(`${networks[1].caipNetworkId}:${devnet.accounts[0]!.address}`)
  })
})

describe('EIP-6963 announcements', () => {
  test('malformed announcements are ignored', async () => {
    const { discoverAnnouncedWallets } = await import('./discovery.js')
    expect(typeof announceTestWallet).toBe('function')
    // Without a window (Node) discovery yields nothing rather than failing.
    const seen: unknown[] = []
    discoverAnnouncedWallets((list) => seen.push(list))
    expect(seen).toEqual([[]])
  })
})

describe("a wallet that only sets window.ethereum: 'Browser Wallet'", () => {
  const legacy = (walletOptions: Parameters<typeof createTestWallet>[0] = {}, { announced = false, enableEIP6963 = true } = {}) => {
    const wallet = createTestWallet({
      autoApprove: true,
      chains: devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency })),
      origin: 'http://127.0.0.1',
      ...walletOptions,
    })
    const detail = { info: { uuid: 'uuid-1', name: 'Portico Test Wallet', icon: TEST_WALLET_ICON, rdns: RDNS }, provider: wallet } as ProviderDetail
    const adapter = new EvmAdapter({
      discover: (onChange) => (onChange(announced ? [detail] : []), () => {}),
      discoverInjected: (onChange) => (onChange(wallet), () => {}),
    })
    adapter.setup({ networks, events: { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnected: vi.fn() }, enableEIP6963 })
    let connectors: Array<{ id: string; name: string; type: string }> = []
    adapter.watchConnectors((list) => (connectors = list))
    return { adapter, wallet, connectors: () => connectors }
  }

  test("rule: a provider without an EIP-6963 announcement is the INJECTED connector 'Browser Wallet', and connects on the devnet", async () => {
    const { adapter, connectors } = legacy()
    expect(connectors()).toMatchObject([{ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155' }])
    const result = await adapter.connect({ connectorId: 'injected' })
    expect(result).toMatchObject({ connectorId: 'injected', accounts: [{ address: devnet.accounts[0]!.address }] })
    // It survives a reload the way an rdns does: reconnect finds it by its id, without a prompt.
    expect(await adapter.reconnect({ connectorId: 'injected', timeoutMs: 50 })).toMatchObject({ connectorId: 'injected' })
  })

  test('behavior: window.ethereum that is also announced is listed once, under its own name', () => {
    const { connectors } = legacy({}, { announced: true })
    expect(connectors().map((c) => c.id)).toEqual([RDNS])
  })

  test('rule: enableEIP6963 off, announcements are not listened for; window.ethereum remains', () => {
    const { connectors } = legacy({}, { announced: true, enableEIP6963: false })
    expect(connectors().map((c) => c.name)).toEqual(['Browser Wallet'])
  })
})

describe('a page in a Safe{Wallet} app frame connects through the Safe messaging automatically', () => {
  test("default: a page that is not framed has no host wallet: autoConnect is null, no 'safe' connector", async () => {
    const { adapter } = setup()
    expect(await adapter.autoConnect()).toBeNull()
    expect(adapter.getProvider('safe')).toBeUndefined()
  })

  test("rule: the frame's wallet is the connector 'safe' and autoConnect connects it without a prompt", async () => {
    // Stand-in for the Safe apps provider (the real one runs in e2e/safe-app.e2e.ts): the Safe's
    // accounts for eth_requestAccounts without a prompt, its chain.
    const address = devnet.accounts[3]!.address
    const safe = {
      request: async ({ method }: { method: string }) =>
        method === 'eth_requestAccounts' ? [address] : method === 'eth_chainId' ? `0x${devnet.chains[0]!.chainId.toString(16)}` : null,
    }
    const adapter = new EvmAdapter({ discover: (onChange) => (onChange([]), () => {}), detectFramed: async () => safe })
    adapter.setup({ networks, events: { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnected: vi.fn() } })
    let connectors: Array<{ id: string; name: string }> = []
    adapter.watchConnectors((list) => (connectors = list))
    const result = await adapter.autoConnect()
    expect(connectors).toMatchObject([{ id: 'safe', name: 'Safe', type: 'EXTERNAL' }])
    expect(result).toMatchObject({ connectorId: 'safe', accounts: [{ address }], caipNetworkId: `eip155:${devnet.chains[0]!.chainId}` })
  })

  test('behavior: outside a browser frame, Safe detection answers at once: none', async () => {
    const { detectSafe } = await import('./safe.js')
    expect(await detectSafe()).toBeUndefined()
  })
})
