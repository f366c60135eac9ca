// @vitest-environment node
import {
  connectExternal,
  createPortico,
  defineNetwork,
  flipSwapTokens,
  getProvider,
  initialize,
  memoryStorage,
  setSwapAmount,
  startSwap,
  submitSwap,
  type CaipNetwork,
} from '@portico/core'
import { startDevnet, type Devnet } from '@portico/devnet'
import { DEVNET_CONTRACTS, DEVNET_SWAP } from '@portico/devnet/constants'
import { DEFAULT_CONFIG } from '@portico/server'
import { startTestServer } from '@portico/server/testing'
import { createTestWallet, TEST_WALLET_ICON } from '@portico/test-wallets/injected'
import { createPublicClient, createWalletClient, custom, erc20Abi, http, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { EvmAdapter } from './EvmAdapter.js'
import type { ProviderDetail } from './schemas.js'

// Swaps end to end below the browser: core's swap actions and a host's own viem code on
// getProvider, both against the real server's /v1/convert/* and the devnet's Uniswap V2 pools.
let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
let networks: [CaipNetwork, CaipNetwork]
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  networks = devnet.chains.map((c) =>
    defineNetwork({ id: c.chainId, chainNamespace: 'eip155', name: c.name, nativeCurrency: c.nativeCurrency, rpcUrls: { default: { http: [c.rpcUrl] } } }),
  ) as [CaipNetwork, CaipNetwork]
  server = await startTestServer({
    rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
    swap: { 'eip155:31337': DEFAULT_CONFIG.swap!['eip155:31337']! },
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})
afterEach(() => vi.restoreAllMocks())

const chain = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
const usdcOf = (address: Address) =>
  chain().readContract({ address: DEVNET_CONTRACTS.usdc as Address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
const routerAllowance = (address: Address) =>
  chain().readContract({ address: DEVNET_CONTRACTS.usdc as Address, abi: erc20Abi, functionName: 'allowance', args: [address, DEVNET_SWAP.router] })

/** A host page's Portico with the test wallet (dev account `index`) connected, on the server. */
async function connected(index: number) {
  const account = devnet.accounts[index]!
  const wallet = createTestWallet({
    autoApprove: true,
    privateKey: account.privateKey,
    chains: devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency })),
    origin: 'http://127.0.0.1',
  })
  const detail = {
    info: { uuid: 'uuid-1', name: 'Portico Test Wallet', icon: TEST_WALLET_ICON, rdns: 'dev.portico.testwallet' },
    provider: wallet,
  } as ProviderDetail
  const adapter = new EvmAdapter({ discover: (onChange) => (onChange([detail]), () => {}) })
  const portico = createPortico({ adapters: [adapter], networks, storage: memoryStorage(), apiUrl: server.url, projectId: 'portico-dev' })
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
  return { portico, address: account.address as Address }
}

describe('swaps through core and the public provider (real server, devnet pools)', () => {
  test("core: the token list with the server's popular and suggested tokens, read once per chain; prices, gas price; 0.2 ETH → USDC mined", async () => {
    const { portico, address } = await connected(1)
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const tokenReads = () => fetchSpy.mock.calls.filter(([url]) => String(url).includes('/v1/convert/tokens')).length
    await startSwap(portico)
    const state = portico.stores.swap.getState()
    expect(state.tokens?.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'DAI'])
    expect(state.popular.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'DAI'])
    expect(state.suggested.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'DAI'])
    expect([state.from?.symbol, state.to?.symbol]).toEqual(['ETH', 'USDC'])
    expect(state.prices).toEqual({ ETH: 3000, USDC: 1 })
    expect(BigInt(state.gasPrice!)).toBeGreaterThan(0n)
    await startSwap(portico)
    expect(tokenReads()).toBe(1)

    const before = await usdcOf(address)
    setSwapAmount(portico, { fromAmount: '0.2' })
    await vi.waitFor(() => expect(portico.stores.swap.getState().quote?.gas).toBe('150000'), { timeout: 5_000 })
    const { hash } = await submitSwap(portico)
    expect((await chain().getTransactionReceipt({ hash: hash as Hex })).status).toBe('success')
    expect(await usdcOf(address)).toBe(before + BigInt(portico.stores.swap.getState().quote!.toAmount))
  })

  test("core: selling USDC approves exactly the amount sold (spent: allowance 0 after); approval 'unlimited' leaves 2^256−1", async () => {
    const { portico, address } = await connected(3)
    const quoted = async (amount: string) => {
      setSwapAmount(portico, { fromAmount: amount })
      const { from } = portico.stores.swap.getState()
      await vi.waitFor(() => expect(portico.stores.swap.getState().quote?.fromAmount).toBe(parseUnits(amount, from!.decimals).toString()), { timeout: 5_000 })
    }
    await startSwap(portico)
    await quoted('0.1')
    await submitSwap(portico)
    const bought = await usdcOf(address)

    await startSwap(portico)
    flipSwapTokens(portico)
    await quoted('10')
    expect(portico.stores.swap.getState().allowance).toBe('0')
    await submitSwap(portico)
    expect(await usdcOf(address)).toBe(bought - 10_000_000n)
    expect(await routerAllowance(address)).toBe(0n)

    await startSwap(portico)
    flipSwapTokens(portico)
    await quoted('10')
    await submitSwap(portico, { approval: 'unlimited' })
    expect(await usdcOf(address)).toBe(bought - 20_000_000n)
    expect(await routerAllowance(address)).toBe(2n ** 256n - 1n)
  })

  test("host: its own viem code on getProvider sends the server's swap transaction; mined, USDC received", async () => {
    const { portico, address } = await connected(2)
    const walletClient = createWalletClient({ transport: custom(getProvider(portico, 'eip155')!) })
    const caip = (a: string) => `eip155:31337:${a}`
    const [from, to, user] = [caip('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'), caip(DEVNET_CONTRACTS.usdc), caip(address)]
    const amount = parseEther('0.3').toString()
    const api = `${server.url}/v1/convert`
    const quote = (
      (await (await fetch(`${api}/quotes?${new URLSearchParams({ projectId: 'portico-dev', from, to, amount, userAddress: user })}`)).json()) as {
        quotes: { toAmount: string }[]
      }
    ).quotes[0]!
    const built = (await (
      await fetch(`${api}/build-transaction?projectId=portico-dev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from, to, amount, userAddress: user }),
      })
    ).json()) as { tx: { to: Address; data: Hex; value: string; eip155: { gas?: string } } }
    expect(built.tx.to).toBe(DEVNET_SWAP.router)
    const before = await usdcOf(address)
    const hash = await walletClient.sendTransaction({ account: address, to: built.tx.to, data: built.tx.data, value: BigInt(built.tx.value), chain: null })
    expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success')
    // The same block's quote: nothing else traded in between.
    expect(await usdcOf(address)).toBe(before + BigInt(quote.toAmount))
  })
})
