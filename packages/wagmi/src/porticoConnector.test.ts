import {
  closeModal,
  connectExternal,
  createPortico,
  defineNetwork,
  disconnect as disconnectPortico,
  initialize,
  memoryStorage,
  readAccount,
  type CaipNetwork,
  type Portico,
  type StorageLike,
} from '@portico/core'
import { startDevnet, usdcAbi, type Devnet } from '@portico/devnet'
import { EvmAdapter } from '@portico/evm'
import { createTestWallet, TEST_WALLET_ICON, type TestWalletProvider } from '@portico/test-wallets/injected'
import * as wagmiV3 from '@wagmi/core'
import { getAddress, http, parseEther, SwitchChainError, UserRejectedRequestError, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import * as wagmiV2 from 'wagmi-core-v2'
import { chainsFromPorticoNetworks } from './networks.js'
import { porticoConnector, type PorticoConnectorParameters } from './porticoConnector.js'

// The connector inside wagmi's own createConfig (both supported majors), over a real Portico
// (EvmAdapter + the Node test wallet) and a real devnet (anvil). Nothing is mocked.
let devnet: Devnet
let networks: [CaipNetwork, CaipNetwork]
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  networks = devnet.chains.map((c) =>
    defineNetwork({ id: c.chainId, chainNamespace: 'eip155', name: c.name, nativeCurrency: c.nativeCurrency, rpcUrls: { default: { http: [c.rpcUrl] } } }),
  ) as [CaipNetwork, CaipNetwork]
})
afterAll(() => devnet?.stop())

const RDNS = 'dev.portico.testwallet'
const cleanups: Array<() => void> = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()!()
})

function createWallet(options: Parameters<typeof createTestWallet>[0] = {}) {
  return createTestWallet({
    autoApprove: true,
    chains: devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency })),
    origin: 'http://127.0.0.1',
    ...options,
  })
}

/** A fresh Portico over the test wallet, as a page would make one. */
function createTestPortico(wallet: TestWalletProvider, { storage = memoryStorage(), porticoNetworks = networks as [CaipNetwork, ...CaipNetwork[]] } = {}) {
  const detail = { info: { uuid: 'uuid-1', name: 'Portico Test Wallet', icon: TEST_WALLET_ICON, rdns: RDNS }, provider: wallet }
  const portico = createPortico({
    adapters: [new EvmAdapter({ discover: (onChange) => (onChange([detail as never]), () => {}) })],
    networks: porticoNetworks,
    storage,
  })
  cleanups.push(() => portico.destroy())
  return portico
}

/** A wagmi storage that outlives a config, standing in for the page's localStorage across a reload. */
function pageStorage(): Storage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  } as Storage
}

// v2's types differ in details the connector does not use; at runtime both take the same connector.
const majors = [
  { major: 'wagmi 3', wagmi: wagmiV3 },
  { major: 'wagmi 2', wagmi: wagmiV2 as unknown as typeof wagmiV3 },
]

describe.each(majors)('porticoConnector ($major)', ({ wagmi }) => {
  function setup({
    wallet = createWallet(),
    storage = memoryStorage() as StorageLike,
    wagmiStorage = pageStorage(),
    porticoNetworks = networks as [CaipNetwork, ...CaipNetwork[]],
  } = {}) {
    const portico = createTestPortico(wallet, { storage, porticoNetworks })
    const config = createWagmiConfig(portico, wagmiStorage)
    return { portico, config, wallet, connector: config.connectors[0]! }
  }

  function createWagmiConfig(portico: Portico, storage: Storage, parameters?: PorticoConnectorParameters) {
    return wagmi.createConfig({
      chains: chainsFromPorticoNetworks(networks),
      connectors: [porticoConnector(portico, parameters)],
      transports: Object.fromEntries(devnet.chains.map((c) => [c.chainId, http(c.rpcUrl)])),
      storage: wagmi.createStorage({ storage }),
    })
  }

  /** Plays the visitor: as soon as the modal opens, connect the browser wallet in it. */
  function connectWhenModalOpens(portico: Portico) {
    const stop = portico.stores.modal.subscribe((state, before) => {
      if (!state.open || before.open) return
      stop()
      void connectExternal(portico, { connectorId: RDNS })
    })
    cleanups.push(stop)
  }

  test('default: a wallet connected in Portico is connected in wagmi, through the portico connector', async () => {
    const { portico, config } = setup()
    await initialize(portico)
    await connectExternal(portico, { connectorId: RDNS })

    const account = wagmi.getAccount(config)
    expect(account).toMatchObject({ status: 'connected', address: devnet.accounts[0]!.address, chainId: devnet.chains[0]!.chainId })
    expect(account.connector).toMatchObject({ id: 'portico', name: 'Portico', type: 'portico' })
    expect(account.addresses).toEqual([devnet.accounts[0]!.address])
  })

  test("behavior: wagmi's connect opens Portico's modal and resolves once the visitor connected in it", async () => {
    const { portico, config, connector } = setup()
    await initialize(portico)
    const opened = vi.fn()
    cleanups.push(portico.stores.modal.subscribe((s) => s.open && opened()))
    connectWhenModalOpens(portico)

    const result = await wagmi.connect(config, { connector })
    expect(opened).toHaveBeenCalled()
    expect(result).toEqual({ accounts: [devnet.accounts[0]!.address], chainId: devnet.chains[0]!.chainId })
    expect(wagmi.getAccount(config)).toMatchObject({ status: 'connected', address: devnet.accounts[0]!.address })
    expect(readAccount(portico).isConnected).toBe(true)
  })

  test('behavior: connect with chainId switches the wallet after connecting; withCapabilities gives the address objects', async () => {
    const { portico, config, connector } = setup()
    await initialize(portico)
    connectWhenModalOpens(portico)

    const result = await wagmi.connect(config, { connector, chainId: devnet.chains[1]!.chainId, withCapabilities: true } as never)
    expect(result).toEqual({
      accounts: [{ address: devnet.accounts[0]!.address, capabilities: {} }],
      chainId: devnet.chains[1]!.chainId,
    })
    expect(readAccount(portico).chainId).toBe(devnet.chains[1]!.chainId)
    expect(wagmi.getAccount(config).chainId).toBe(devnet.chains[1]!.chainId)
  })

  test('error: closing the modal rejects wagmi’s connect with UserRejectedRequestError', async () => {
    const { portico, config, connector } = setup()
    await initialize(portico)
    const stop = portico.stores.modal.subscribe((s) => s.open && queueMicrotask(() => closeModal(portico)))
    cleanups.push(stop)

    const error = await wagmi.connect(config, { connector }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(wagmi.getAccount(config).status).toBe('disconnected')
  })

  test('behavior: a wallet Portico already holds when wagmi starts is reported to wagmi', async () => {
    const wallet = createWallet()
    const portico = createTestPortico(wallet)
    await initialize(portico)
    await connectExternal(portico, { connectorId: RDNS })

    const config = createWagmiConfig(portico, pageStorage())
    await vi.waitFor(() => expect(wagmi.getAccount(config).status).toBe('connected'))
    expect(wagmi.getAccount(config).connector?.id).toBe('portico')
  })

  test('behavior: sendTransaction goes to the wallet through Portico and is mined', async () => {
    const { portico, config, connector } = setup()
    await initialize(portico)
    connectWhenModalOpens(portico)
    await wagmi.connect(config, { connector })

    const to = devnet.accounts[1]!.address
    const before = await wagmi.getBalance(config, { address: to })
    const hash = await wagmi.sendTransaction(config, { to, value: parseEther('0.5') })
    const receipt = await wagmi.waitForTransactionReceipt(config, { hash })
    expect(receipt.status).toBe('success')
    expect(getAddress(receipt.from)).toBe(devnet.accounts[0]!.address)
    expect((await wagmi.getBalance(config, { address: to })).value - before.value).toBe(parseEther('0.5'))
  })

  test('behavior: signMessage and signTypedData are signed by the connected wallet', async () => {
    const { portico, config, connector } = setup()
    await initialize(portico)
    connectWhenModalOpens(portico)
    await wagmi.connect(config, { connector })
    const address = devnet.accounts[0]!.address

    const message = 'Sign in to Portico'
    const signature = await wagmi.signMessage(config, { message })
    expect(await verifyMessage({ address, message, signature })).toBe(true)

    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: devnet.chains[0]!.chainId },
      types: {
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: devnet.accounts[1]!.address, contents: 'Hello' },
    } as const
    const typedSignature = await wagmi.signTypedData(config, typedData)
    expect(await verifyTypedData({ address, signature: typedSignature, ...typedData })).toBe(true)
  })

  test('behavior: writeContract transfers devnet USDC', async () => {
    const { portico, config, connector } = setup()
    await initialize(portico)
    connectWhenModalOpens(portico)
    await wagmi.connect(config, { connector })
    const usdc = devnet.chains[0]!.usdc
    const to = devnet.accounts[2]!.address
    const balanceOf = async () => (await wagmi.readContract(config, { address: usdc, abi: usdcAbi, functionName: 'balanceOf', args: [to] })) as bigint

    const before = await balanceOf()
    const hash = await wagmi.writeContract(config, { address: usdc, abi: usdcAbi, functionName: 'transfer', args: [to, 1_500_000n] })
    expect((await wagmi.waitForTransactionReceipt(config, { hash })).status).toBe('success')
    expect((await balanceOf()) - before).toBe(1_500_000n)
  })

  test("behavior: switchChain switches the wallet through Portico's network switch", async () => {
    const { portico, config, connector, wallet } = setup()
    await initialize(portico)
    connectWhenModalOpens(portico)
    await wagmi.connect(config, { connector })

    const chain = await wagmi.switchChain(config, { chainId: devnet.chains[1]!.chainId })
    expect(chain.id).toBe(devnet.chains[1]!.chainId)
    expect(wallet.chainId).toBe(devnet.chains[1]!.chainId)
    expect(readAccount(portico).chainId).toBe(devnet.chains[1]!.chainId)
    expect(wagmi.getAccount(config).chainId).toBe(devnet.chains[1]!.chainId)
    // The next send goes out on the new chain.
    const hash = await wagmi.sendTransaction(config, { to: devnet.accounts[1]!.address, value: 1n })
    const receipt = await wagmi.waitForTransactionReceipt(config, { hash, chainId: devnet.chains[1]!.chainId })
    expect(receipt.status).toBe('success')
  })

  test('behavior: a chain switched in the wallet reaches wagmi', async () => {
    const { portico, config, connector, wallet } = setup({ wallet: createWallet({ knownChainIds: devnet.chains.map((c) => c.chainId) }) })
    await initialize(portico)
    connectWhenModalOpens(portico)
    await wagmi.connect(config, { connector })

    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${devnet.chains[1]!.chainId.toString(16)}` }] })
    await vi.waitFor(() => expect(wagmi.getAccount(config).chainId).toBe(devnet.chains[1]!.chainId))
  })

  test('error: a switch refused in the wallet is UserRejectedRequestError; wagmi keeps the chain', async () => {
    const { portico, config, connector, wallet } = setup()
    await initialize(portico)
    connectWhenModalOpens(portico)
    await wagmi.connect(config, { connector })

    wallet.rejectAll = true
    const error = await wagmi.switchChain(config, { chainId: devnet.chains[1]!.chainId }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(wagmi.getAccount(config).chainId).toBe(devnet.chains[0]!.chainId)
  })

  test('error: a chain wagmi has but Portico does not list (4902) is SwitchChainError caused by ChainNotConfiguredError', async () => {
    const { portico, config, connector } = setup({ porticoNetworks: [networks[0]] })
    await initialize(portico)
    connectWhenModalOpens(portico)
    await wagmi.connect(config, { connector })

    const error = await wagmi.switchChain(config, { chainId: devnet.chains[1]!.chainId }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwitchChainError)
    expect((error as SwitchChainError).cause).toMatchObject({ name: 'ChainNotConfiguredError' })
  })

  test("behavior: wagmi's disconnect disconnects Portico", async () => {
    const { portico, config, connector } = setup()
    await initialize(portico)
    connectWhenModalOpens(portico)
    await wagmi.connect(config, { connector })

    await wagmi.disconnect(config)
    expect(readAccount(portico)).toMatchObject({ isConnected: false, status: 'disconnected' })
    expect(wagmi.getAccount(config).status).toBe('disconnected')
  })

  test("behavior: Portico's disconnect (or the wallet's) disconnects wagmi; connecting again in Portico reconnects it", async () => {
    const { portico, config, wallet } = setup()
    await initialize(portico)
    await connectExternal(portico, { connectorId: RDNS })
    expect(wagmi.getAccount(config).status).toBe('connected')

    await disconnectPortico(portico)
    expect(wagmi.getAccount(config).status).toBe('disconnected')

    await connectExternal(portico, { connectorId: RDNS })
    expect(wagmi.getAccount(config).status).toBe('connected')
    wallet.disconnect()
    await vi.waitFor(() => expect(wagmi.getAccount(config).status).toBe('disconnected'))
  })

  test('behavior: an account switched in the wallet reaches wagmi', async () => {
    const { portico, config, wallet } = setup()
    await initialize(portico)
    await connectExternal(portico, { connectorId: RDNS })

    wallet.setAccount(devnet.accounts[3]!.privateKey)
    await vi.waitFor(() => expect(wagmi.getAccount(config).address).toBe(devnet.accounts[3]!.address))
    expect(wagmi.getAccount(config).status).toBe('connected')
  })

  /** A first page load that connected through wagmi and Portico, then went away. */
  async function previousPage({ disconnectAfter = false } = {}) {
    const wallet = createWallet()
    const storage = memoryStorage()
    const wagmiStorage = pageStorage()
    const { portico, config, connector } = setup({ wallet, storage, wagmiStorage })
    await initialize(portico)
    connectWhenModalOpens(portico)
    await wagmi.connect(config, { connector })
    if (disconnectAfter) await wagmi.disconnect(config)
    portico.destroy()
    return { wallet, storage, wagmiStorage }
  }

  test("behavior: after a reload wagmi's reconnect waits for Portico's silent reconnect; both are connected", async () => {
    const { wallet, storage, wagmiStorage } = await previousPage()
    // The reloaded page: wagmi's reconnect may start before Portico's initialize.
    const portico = createTestPortico(wallet, { storage })
    const config = createWagmiConfig(portico, wagmiStorage)
    const reconnecting = wagmi.reconnect(config)
    await initialize(portico)
    const connections = await reconnecting

    expect(connections).toMatchObject([{ accounts: [devnet.accounts[0]!.address], chainId: devnet.chains[0]!.chainId }])
    expect(wagmi.getAccount(config)).toMatchObject({ status: 'connected', address: devnet.accounts[0]!.address })
    expect(wagmi.getAccount(config).connector?.id).toBe('portico')
    expect(readAccount(portico).isConnected).toBe(true)
  })

  test('behavior: after a disconnect and a reload neither reconnects', async () => {
    const { wallet, storage, wagmiStorage } = await previousPage({ disconnectAfter: true })
    const portico = createTestPortico(wallet, { storage })
    const config = createWagmiConfig(portico, wagmiStorage)
    await Promise.all([wagmi.reconnect(config), initialize(portico)])
    expect(wagmi.getAccount(config).status).toBe('disconnected')
    expect(readAccount(portico).isConnected).toBe(false)
  })

  test('behavior: when Portico is never initialized, wagmi stops waiting after reconnectTimeout', async () => {
    const { wallet, storage, wagmiStorage } = await previousPage()
    const portico = createTestPortico(wallet, { storage })
    const config = createWagmiConfig(portico, wagmiStorage, { reconnectTimeout: 50 })
    expect(await wagmi.reconnect(config)).toEqual([])
    expect(wagmi.getAccount(config).status).toBe('disconnected')
  })
})
