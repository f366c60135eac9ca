import { connectExternal, createPortico, defineNetwork, initialize, memoryStorage, type CaipNetwork } from '@portico/core'
import { startDevnet, usdcAbi, type Devnet } from '@portico/devnet'
import { EvmAdapter } from '@portico/evm'
import { createTestWallet, TEST_WALLET_ICON } from '@portico/test-wallets/injected'
import * as wagmiV3 from '@wagmi/core'
import { createPublicClient, encodeFunctionData, http, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import * as wagmiV2 from 'wagmi-core-v2'
import { chainsFromPorticoNetworks } from './networks.js'
import { porticoConnector } from './porticoConnector.js'

// wagmi's EIP-5792 actions (what useSendCalls, useCallsStatus and useCapabilities call) through the
// portico connector, over a real Portico, the EVM test wallet and a real devnet with its USDC.
let devnet: Devnet
let networks: [CaipNetwork, CaipNetwork]
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  networks = devnet.chains.map((c) =>
    defineNetwork({ id: c.chainId, chainNamespace: 'eip155', name: c.name, nativeCurrency: c.nativeCurrency, rpcUrls: { default: { http: [c.rpcUrl] } } }),
  ) as [CaipNetwork, CaipNetwork]
}, 60_000)
afterAll(() => devnet?.stop())
const cleanups: Array<() => void> = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()!()
})

const majors = [
  { major: 'wagmi 3', wagmi: wagmiV3 },
  { major: 'wagmi 2', wagmi: wagmiV2 as unknown as typeof wagmiV3 },
]

describe.each(majors)('EIP-5792 through porticoConnector ($major)', ({ wagmi }) => {
  async function connected() {
    const wallet = createTestWallet({
      autoApprove: true,
      chains: devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency })),
      origin: 'http://127.0.0.1',
    })
    const detail = { info: { uuid: 'uuid-1', name: 'Portico Test Wallet', icon: TEST_WALLET_ICON, rdns: 'dev.portico.testwallet' }, provider: wallet }
    const portico = createPortico({
      adapters: [new EvmAdapter({ discover: (onChange) => (onChange([detail as never]), () => {}) })],
      networks,
      storage: memoryStorage(),
    })
    cleanups.push(() => portico.destroy())
    const config = wagmi.createConfig({
      chains: chainsFromPorticoNetworks(networks),
      connectors: [porticoConnector(portico)],
      transports: Object.fromEntries(devnet.chains.map((c) => [c.chainId, http(c.rpcUrl)])),
    })
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    return config
  }

  test('default: getCapabilities, sendCalls of two USDC transfers, getCallsStatus → success with two receipts; both land', async () => {
    const config = await connected()
    const chain = devnet.chains[0]!
    const [a, b] = [devnet.accounts[3]!.address, devnet.accounts[4]!.address]
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const balance = (who: Hex) => client.readContract({ address: chain.usdc, abi: usdcAbi, functionName: 'balanceOf', args: [who] }) as Promise<bigint>
    const before = [await balance(a), await balance(b)]

    expect(await wagmi.getCapabilities(config, { chainId: chain.chainId })).toMatchObject({ atomic: { status: 'unsupported' } })
    const transfer = (to: Hex, amount: bigint) => encodeFunctionData({ abi: usdcAbi, functionName: 'transfer', args: [to, amount] })
    const { id } = await wagmi.sendCalls(config, {
      calls: [
        { to: chain.usdc, data: transfer(a, 3_000_000n) },
        { to: chain.usdc, data: transfer(b, 4_000_000n) },
      ],
    })
    const status = await wagmi.waitForCallsStatus(config, { id, pollingInterval: 50 })
    expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: false, chainId: chain.chainId })
    expect(status.receipts).toHaveLength(2)
    expect(status.receipts!.map((r) => r.status)).toEqual(['success', 'success'])
    expect(await wagmi.getCallsStatus(config, { id })).toMatchObject({ status: 'success', statusCode: 200 })
    expect([await balance(a), await balance(b)]).toEqual([before[0]! + 3_000_000n, before[1]! + 4_000_000n])
    await wagmi.showCallsStatus(config, { id })
  })

  test("error: a call whose 'to' does not start with 0x is refused with SPEC's text before the wallet", async () => {
    const config = await connected()
    const error = await wagmi.sendCalls(config, { calls: [{ to: devnet.chains[0]!.usdc.slice(2) as Hex }] }).catch((e: Error) => e)
    expect(error).toBeInstanceOf(Error)
    expect(String((error as Error & { details?: string }).details ?? (error as Error).message)).toContain(
      "Batched calls need a 'to' starting with 0x and optional data starting with 0x",
    )
  })
})
