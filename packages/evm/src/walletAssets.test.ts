/** SPEC §7 asset discovery end to end: core's balance read, the real EVM adapter, the test wallet's ERC-7811 answers, a real devnet. */
import { connectExternal, createPortico, initialize, memoryStorage, type CaipNetwork, type Portico } from '@portico/core'
import { startDevnet, usdcAbi, type Devnet } from '@portico/devnet'
import { createTestWallet, type TestWalletOptions } from '@portico/test-wallets/injected'
import { createPublicClient, formatUnits, http } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { adapterDiscovering, devnetNetwork, TEST_WALLET_RDNS } from './test/devnet.js'

let devnet: Devnet
let network: CaipNetwork
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  network = devnetNetwork(devnet)
}, 60_000)
afterAll(() => devnet?.stop())

const RDNS = TEST_WALLET_RDNS
async function connectedWith(options: TestWalletOptions) {
  const wallet = createTestWallet({
    autoApprove: true,
    privateKey: devnet.accounts[0]!.privateKey,
    chains: devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency })),
    origin: 'http://127.0.0.1',
    ...options,
  })
  const asked: string[] = []
  const request = wallet.request.bind(wallet)
  wallet.request = (args) => (asked.push(args.method), request(args))
  const portico = createPortico({ adapters: [adapterDiscovering(wallet)], networks: [network], storage: memoryStorage() })
  await initialize(portico)
  await connectExternal(portico, { connectorId: RDNS })
  await vi.waitFor(() => expect(account(portico)?.balanceLoading === false && account(portico)?.balance !== undefined).toBe(true), { timeout: 10_000 })
  return { portico, asked }
}
const account = (portico: Portico) => portico.stores.account.getState().byNamespace.eip155

describe("SPEC §7 'Wallet calls': wallet_getCapabilities assetDiscovery and wallet_getAssets", () => {
  test("rule: a wallet advertising assetDiscovery gives the account's tokens (USDC read on the devnet), without a server", async () => {
    const usdc = devnet.chains[0]!.usdc
    const { portico, asked } = await connectedWith({ assets: [usdc] })
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const held = (await client.readContract({ address: usdc, abi: usdcAbi, functionName: 'balanceOf', args: [devnet.accounts[0]!.address] })) as bigint
    expect(held).toBeGreaterThan(0n)
    expect(account(portico)?.tokenBalance).toEqual([
      expect.objectContaining({ symbol: 'USDC', address: usdc, chainId: network.caipNetworkId, quantity: { decimals: '6', numeric: formatUnits(held, 6) } }),
    ])
    expect(asked.filter((m) => m === 'wallet_getCapabilities')).toHaveLength(1)
    expect(asked).toContain('wallet_getAssets')
  })

  test('rule: a wallet without it is asked its capabilities once and never its assets; the native balance is shown', async () => {
    const { portico, asked } = await connectedWith({})
    expect(account(portico)).toMatchObject({ tokenBalance: [] })
    expect(Number(account(portico)?.balance)).toBeGreaterThan(0)
    expect(asked.filter((m) => m === 'wallet_getCapabilities')).toHaveLength(1)
    expect(asked).not.toContain('wallet_getAssets')
  })
})
