import { connectExternal, createPortico, defineNetwork, disconnect, getProvider, initialize, memoryStorage, type CaipNetwork } from '@portico/core'
import { startDevnet, type Devnet } from '@portico/devnet'
import { DEVNET_CONTRACTS } from '@portico/devnet/constants'
import { createTestWallet, TEST_WALLET_ICON } from '@portico/test-wallets/injected'
import { createPublicClient, createWalletClient, custom, erc20Abi, http, parseEther, verifyMessage, verifyTypedData, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EvmAdapter } from './EvmAdapter.js'
import type { ProviderDetail } from './schemas.js'

// The public provider (core's getProvider) over the real EVM adapter, the real test wallet and a
// real devnet: what a host's own viem code does with the wallet the modal connected.
let devnet: Devnet
let networks: [CaipNetwork, CaipNetwork]
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  networks = devnet.chains.map((c) =>
    defineNetwork({ id: c.chainId, chainNamespace: 'eip155', name: c.name, nativeCurrency: c.nativeCurrency, rpcUrls: { default: { http: [c.rpcUrl] } } }),
  ) as [CaipNetwork, CaipNetwork]
})
afterAll(() => devnet?.stop())

async function connectedPortico(walletOptions: Parameters<typeof createTestWallet>[0] = {}) {
  const wallet = createTestWallet({
    autoApprove: true,
    chains: devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency })),
    origin: 'http://127.0.0.1',
    ...walletOptions,
  })
  const detail = {
    info: { uuid: 'uuid-1', name: 'Portico Test Wallet', icon: TEST_WALLET_ICON, rdns: 'dev.portico.testwallet' },
    provider: wallet,
  } as ProviderDetail
  const adapter = new EvmAdapter({ discover: (onChange) => (onChange([detail]), () => {}) })
  const portico = createPortico({ adapters: [adapter], networks, storage: memoryStorage() })
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
  const provider = getProvider(portico, 'eip155')!
  const walletClient = createWalletClient({ transport: custom(provider) })
  const [account] = await walletClient.requestAddresses()
  return { portico, provider, walletClient, account: account!, chain: publicClient(0) }
}

function publicClient(index: 0 | 1) {
  return createPublicClient({ transport: http(devnet.chains[index]!.rpcUrl) })
}

describe('getProvider with viem (real devnet)', () => {
  test('default: createWalletClient(custom(provider)) sends a transaction that is mined', async () => {
    const { walletClient, account, chain } = await connectedPortico()
    const to = devnet.accounts[4]!.address as Address
    const before = await chain.getBalance({ address: to })
    const chainId = await walletClient.getChainId()
    const hash = await walletClient.sendTransaction({ account, to, value: parseEther('0.5'), chain: null })
    const receipt = await chain.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(chainId).toBe(devnet.chains[0]!.chainId)
    expect(await chain.getBalance({ address: to })).toBe(before + parseEther('0.5'))
  })

  test('behavior: signMessage and signTypedData verify against the connected address', async () => {
    const { walletClient, account } = await connectedPortico()
    const signature = await walletClient.signMessage({ account, message: 'hello from the host' })
    expect(await verifyMessage({ address: account, message: 'hello from the host', signature })).toBe(true)
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: devnet.chains[0]!.chainId },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'typed hello' },
    }
    const typedSignature = await walletClient.signTypedData({ account, ...typed })
    expect(await verifyTypedData({ address: account, signature: typedSignature, ...typed })).toBe(true)
  })

  test('behavior: writeContract transfers the devnet USDC', async () => {
    const { walletClient, account, chain } = await connectedPortico()
    const to = devnet.accounts[3]!.address as Address
    const usdc = DEVNET_CONTRACTS.usdc as Address
    const before = await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [to] })
    const hash = await walletClient.writeContract({ account, address: usdc, abi: erc20Abi, functionName: 'transfer', args: [to, 1_250_000n], chain: null })
    expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).toBe(before + 1_250_000n)
  })

  test('behavior: switchChain goes through Portico; the next send lands on the second chain', async () => {
    const { portico, walletClient, account } = await connectedPortico()
    await walletClient.switchChain({ id: devnet.chains[1]!.chainId })
    expect(portico.stores.network.getState().caipNetwork?.caipNetworkId).toBe(networks[1].caipNetworkId)
    expect(await walletClient.getChainId()).toBe(devnet.chains[1]!.chainId)
    const hash = await walletClient.sendTransaction({ account, to: account, value: 1n, chain: null })
    expect((await publicClient(1).waitForTransactionReceipt({ hash })).status).toBe('success')
  })

  test('error: a rejection in the wallet is viem UserRejectedRequestError (4001)', async () => {
    const { walletClient, account } = await connectedPortico({
      autoApprove: false,
      onApprovalRequest: async (request: { method: string }) => request.method === 'eth_requestAccounts',
    })
    const error = await walletClient.signMessage({ account, message: 'no' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
  })

  test('error: after disconnect viem sees 4900 (disconnected)', async () => {
    const { portico, walletClient, account } = await connectedPortico()
    await disconnect(portico)
    const error = await walletClient.signMessage({ account, message: 'x' }).catch((e: { walk: (fn: (e: unknown) => boolean) => unknown }) => e)
    expect(error).toMatchObject({ name: 'ProviderDisconnectedError' })
  })
})
