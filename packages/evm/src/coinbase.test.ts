import {
  createPortico,
  defineNetwork,
  getMergedConnectors,
  initialize,
  memoryStorage,
  type AdapterEvents,
  type CaipNetwork,
  type Connector,
} from '@portico/core'
import { startDevnet, type Devnet } from '@portico/devnet'
import { createTestWallet, TEST_WALLET_ICON } from '@portico/test-wallets/injected'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { COINBASE_CONNECTOR_ID, COINBASE_KEYS_URL, coinbaseWallet } from './coinbase.js'
import { EvmAdapter } from './EvmAdapter.js'
import type { Eip1193Provider, ProviderDetail } from './schemas.js'

// The SDK's own chunk stands in for the SDK here (Node has no popup window): the real test wallet
// on the devnet plays the Smart Wallet's provider, so the adapter's wiring (load on connect, the
// chains, errors, disconnect, resume) is what is tested. The real SDK and its popup protocol are
// tested end to end in e2e/coinbase-wallet.e2e.ts.
const sdk = vi.hoisted(() => ({ calls: [] as unknown[], provider: undefined as unknown }))
vi.mock('./coinbaseSdk.js', () => ({
  createSmartWalletProvider: (config: unknown) => {
    sdk.calls.push(config)
    return sdk.provider
  },
}))

let devnet: Devnet
let networks: [CaipNetwork, CaipNetwork]
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true, skipFixtures: true })
  networks = devnet.chains.map((c) =>
    defineNetwork({ id: c.chainId, chainNamespace: 'eip155', name: c.name, nativeCurrency: c.nativeCurrency, rpcUrls: { default: { http: [c.rpcUrl] } } }),
  ) as [CaipNetwork, CaipNetwork]
})
afterAll(() => devnet?.stop())
afterEach(() => {
  vi.unstubAllGlobals()
  sdk.calls.length = 0
})

function testWallet(options: Parameters<typeof createTestWallet>[0] = {}) {
  return createTestWallet({
    autoApprove: true,
    chains: devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency })),
    knownChainIds: devnet.chains.map((c) => c.chainId),
    origin: 'http://127.0.0.1',
    ...options,
  })
}

function setup({ details = [], injected }: { details?: ProviderDetail[]; injected?: Eip1193Provider } = {}) {
  const adapter = new EvmAdapter({
    discover: (onChange) => (onChange(details), () => {}),
    discoverInjected: (onChange) => (onChange(injected), () => {}),
    coinbaseWallet: coinbaseWallet({ appName: 'Portico test', keysUrl: 'http://127.0.0.1:9/connect' }),
  })
  const events: AdapterEvents = { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnected: vi.fn() }
  adapter.setup({ networks, events })
  let connectors: Connector[] = []
  adapter.watchConnectors((list) => (connectors = list))
  return { adapter, connectors: () => connectors }
}

const announced = (rdns: string, provider: Eip1193Provider): ProviderDetail => ({ info: { uuid: rdns, name: rdns, icon: TEST_WALLET_ICON, rdns }, provider })

describe('coinbaseWallet(): the option', () => {
  test('default: the keys URL is the real Smart Wallet popup', () => {
    expect(coinbaseWallet().config).toEqual({ keysUrl: COINBASE_KEYS_URL })
    expect(COINBASE_KEYS_URL).toBe('https://keys.coinbase.com/connect')
  })

  test('error: a keys URL that is not https (nor http on this machine) is refused with InvalidOptionsError naming it', () => {
    for (const keysUrl of ['http://keys.example.com/connect', 'javascript:alert(1)', 'not a url', 'http://127.0.0.1.example.com/'])
      expect(() => coinbaseWallet({ keysUrl })).toThrow(
        expect.objectContaining({ name: 'InvalidOptionsError', details: expect.stringContaining('coinbaseWallet.keysUrl') }),
      )
    expect(coinbaseWallet({ keysUrl: 'http://127.0.0.1:4000/connect' }).config.keysUrl).toBe('http://127.0.0.1:4000/connect')
  })

  test('error: an option it does not know is refused, not ignored', () => {
    expect(() => coinbaseWallet({ preference: 'eoaOnly' } as never)).toThrow(expect.objectContaining({ name: 'InvalidOptionsError' }))
  })
})

describe('Coinbase Wallet: one entry, its extension when there is one', () => {
  test('behavior: without an extension the entry is the Smart Wallet (EXTERNAL), its SDK not loaded yet', () => {
    const { connectors } = setup()
    expect(connectors()).toMatchObject([{ id: COINBASE_CONNECTOR_ID, name: 'Coinbase Wallet', type: 'EXTERNAL', chain: 'eip155' }])
    expect(connectors()[0]!.imageUrl).toMatch(/^data:image\/svg\+xml,/)
    expect(sdk.calls).toHaveLength(0)
  })

  test('rule: an extension announcing rdns com.coinbase.wallet is the one entry (not two), and connects through its own provider', async () => {
    const wallet = testWallet()
    const { adapter, connectors } = setup({ details: [announced(COINBASE_CONNECTOR_ID, wallet)] })
    expect(connectors().filter((c) => c.id.toLowerCase() === COINBASE_CONNECTOR_ID)).toMatchObject([{ type: 'ANNOUNCED' }])
    expect(connectors()).toHaveLength(1)
    const result = await adapter.connect({ connectorId: COINBASE_CONNECTOR_ID })
    expect(result.accounts[0]!.address).toBe(devnet.accounts[0]!.address)
    expect(sdk.calls).toHaveLength(0)
  })

  test('rule: the legacy window.coinbaseWalletExtension is the entry (INJECTED) and connects', async () => {
    const wallet = testWallet()
    vi.stubGlobal('coinbaseWalletExtension', wallet)
    const { adapter, connectors } = setup()
    expect(connectors()).toMatchObject([{ id: COINBASE_CONNECTOR_ID, type: 'INJECTED', provider: wallet }])
    expect((await adapter.connect({ connectorId: COINBASE_CONNECTOR_ID })).accounts[0]!.address).toBe(devnet.accounts[0]!.address)
    expect(sdk.calls).toHaveLength(0)
  })

  test('rule: SPEC §3 Connector imageId and explorerId: the merged list gives the entry the registry id "coinbase", and core connects it', async () => {
    sdk.provider = Object.assign(testWallet(), { disconnect: vi.fn(async () => {}) })
    const { adapter } = setup()
    const portico = createPortico({ adapters: [adapter], networks, storage: memoryStorage() })
    await initialize(portico)
    const entry = getMergedConnectors(portico).find((c) => c.id === COINBASE_CONNECTOR_ID)
    expect(entry).toMatchObject({ name: 'Coinbase Wallet', imageId: 'coinbase', explorerId: 'coinbase' })
    const { connectExternal, getAccount } = await import('@portico/core')
    await connectExternal(portico, { connectorId: COINBASE_CONNECTOR_ID })
    expect(getAccount(portico).address).toBe(devnet.accounts[0]!.address)
  })

  test("rule: a window.ethereum that says isCoinbaseWallet is listed as Coinbase Wallet, not as 'Browser Wallet'", () => {
    const wallet = Object.assign(testWallet(), { isCoinbaseWallet: true })
    const { connectors } = setup({ injected: wallet })
    expect(connectors().map((c) => [c.id, c.type])).toEqual([[COINBASE_CONNECTOR_ID, 'INJECTED']])
  })
})

describe('Coinbase Smart Wallet through the SDK (its chunk stood in)', () => {
  test('behavior: the SDK loads on connect only, with the connect network first, and connects', async () => {
    sdk.provider = Object.assign(testWallet(), { disconnect: vi.fn(async () => {}) })
    const { adapter } = setup()
    const result = await adapter.connect({ connectorId: COINBASE_CONNECTOR_ID, caipNetwork: networks[1] })
    expect(sdk.calls).toEqual([{ appName: 'Portico test', keysUrl: 'http://127.0.0.1:9/connect', chainIds: [Number(networks[1].id), Number(networks[0].id)] }])
    expect(result).toMatchObject({ connectorId: COINBASE_CONNECTOR_ID, accounts: [{ address: devnet.accounts[0]!.address }] })
    // Loaded once per page; the next requests reuse it.
    await adapter.connect({ connectorId: COINBASE_CONNECTOR_ID })
    expect(sdk.calls).toHaveLength(1)
  })

  test('error: the Smart Wallet rejecting (EIP-1193 4001) is UserRejectedRequestError, as for every wallet', async () => {
    sdk.provider = Object.assign(testWallet({ autoApprove: false, rejectAll: true }), { disconnect: vi.fn(async () => {}) })
    const { adapter } = setup()
    await expect(adapter.connect({ connectorId: COINBASE_CONNECTOR_ID })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  })

  test('behavior: disconnect ends the SDK session (not wallet_revokePermissions)', async () => {
    const disconnect = vi.fn(async () => {})
    sdk.provider = Object.assign(testWallet(), { disconnect })
    const { adapter } = setup()
    await adapter.connect({ connectorId: COINBASE_CONNECTOR_ID })
    await adapter.disconnect({ connectorId: COINBASE_CONNECTOR_ID })
    expect(disconnect).toHaveBeenCalledOnce()
  })

  test("behavior: a reload resumes the SDK's stored session without a popup; without one, no Coinbase reconnect", async () => {
    sdk.provider = Object.assign(testWallet(), { disconnect: vi.fn(async () => {}) })
    await testWallet().request({ method: 'eth_requestAccounts' })
    expect(await setup().adapter.reconnect({ connectorId: COINBASE_CONNECTOR_ID, timeoutMs: 50 })).toBeNull()
    expect(sdk.calls).toHaveLength(0)
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === '-CBWSDK:SignerConfigurator:SignerType' ? 'scw' : null) })
    // The stand-in wallet authorizes this origin once connected, as the SDK keeps its accounts.
    const { adapter } = setup()
    await (sdk.provider as Eip1193Provider).request({ method: 'eth_requestAccounts' })
    expect(await adapter.reconnect({ connectorId: COINBASE_CONNECTOR_ID })).toMatchObject({ accounts: [{ address: devnet.accounts[0]!.address }] })
    expect(sdk.calls).toHaveLength(1)
  })
})
