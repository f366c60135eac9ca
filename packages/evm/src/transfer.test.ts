import {
  createPortico,
  initialize,
  memoryStorage,
  connectExternal,
  sendTokens,
  setSendAmount,
  setSendToken,
  setReceiver,
  type CaipNetwork,
} from '@portico/core'
import { startDevnet, usdcAbi, type Devnet } from '@portico/devnet'
import { createTestWallet } from '@portico/test-wallets/injected'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adapterDiscovering, devnetNetwork, TEST_WALLET_RDNS } from './test/devnet.js'
import { buildTransferRequest } from './transfer.js'

let devnet: Devnet
let network: CaipNetwork
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  network = devnetNetwork(devnet)
})
afterAll(() => devnet?.stop())

const RDNS = TEST_WALLET_RDNS
function adapterWithWallet(accountIndex: number) {
  const wallet = createTestWallet({
    autoApprove: true,
    privateKey: devnet.accounts[accountIndex]!.privateKey,
    chains: devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency })),
    origin: 'http://127.0.0.1',
  })
  return adapterDiscovering(wallet)
}

describe('SPEC §4 Send on EVM', () => {
  test('rule: with a token address an ERC20 transfer; without one a native send with data 0x', async () => {
    const base = { connectorId: RDNS, caipNetwork: {} as CaipNetwork, from: '0x1', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: 5n }
    expect(await buildTransferRequest(base)).toEqual({ from: '0x1', to: base.to, value: '0x5', data: '0x' })
    const erc20 = await buildTransferRequest({ ...base, tokenAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })
    expect(erc20.to).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
    expect(erc20.value).toBe('0x0')
    expect(erc20.data.startsWith('0xa9059cbb')).toBe(true) // transfer(address,uint256)
  })

  test('sendTokens through core moves USDC and ETH on-chain and resets the send state', async () => {
    const adapter = adapterWithWallet(2)
    const portico = createPortico({ adapters: [adapter], networks: [network], storage: memoryStorage() })
    await initialize(portico)
    await connectExternal(portico, { connectorId: RDNS })
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const receiver = devnet.accounts[3]!.address
    const usdcBefore = await client.readContract({ address: devnet.chains[0]!.usdc, abi: usdcAbi, functionName: 'balanceOf', args: [receiver] })

    setSendToken(portico, {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: network.caipNetworkId,
      value: 0,
      price: 1,
      iconUrl: '',
      address: `${network.caipNetworkId}:${devnet.chains[0]!.usdc}`,
      quantity: { decimals: '6', numeric: '10000' },
    })
    setSendAmount(portico, { amount: '12.5' })
    await setReceiver(portico, { input: receiver })
    const { hash } = await sendTokens(portico)
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const usdcAfter = await client.readContract({ address: devnet.chains[0]!.usdc, abi: usdcAbi, functionName: 'balanceOf', args: [receiver] })
    expect((usdcAfter as bigint) - (usdcBefore as bigint)).toBe(12_500_000n)
    expect(portico.stores.send.getState()).toMatchObject({ token: undefined, sendTokenAmount: undefined, loading: false })

    const ethBefore = await client.getBalance({ address: receiver })
    setSendToken(portico, {
      name: 'Ether',
      symbol: 'ETH',
      chainId: network.caipNetworkId,
      value: 0,
      price: 3000,
      iconUrl: '',
      quantity: { decimals: '18', numeric: '1' },
    })
    setSendAmount(portico, { amount: '0.25' })
    await setReceiver(portico, { input: receiver })
    await sendTokens(portico)
    expect((await client.getBalance({ address: receiver })) - ethBefore).toBe(250_000_000_000_000_000n)
  })

  test('the fee estimate is positive and in the native currency', async () => {
    const adapter = adapterWithWallet(2)
    const fee = await adapter.estimateTransferFee({
      connectorId: RDNS,
      caipNetwork: network,
      from: devnet.accounts[2]!.address,
      to: devnet.accounts[3]!.address,
      amount: 1_000_000n,
      tokenAddress: devnet.chains[0]!.usdc,
    })
    expect(BigInt(fee.value) > 0n).toBe(true)
    expect(fee.symbol).toBe('ETH')
  })

  test("error: a rejected send is 'Transaction rejected' and loading goes back to false", async () => {
    const wallet = createTestWallet({
      rejectAll: true,
      privateKey: devnet.accounts[2]!.privateKey,
      chains: devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency })),
      origin: 'http://127.0.0.1',
    })
    const adapter = adapterDiscovering(wallet)
    const portico = createPortico({ adapters: [adapter], networks: [network], storage: memoryStorage() })
    await initialize(portico)
    wallet.rejectAll = false
    wallet.autoApprove = true
    await connectExternal(portico, { connectorId: RDNS })
    wallet.autoApprove = false
    wallet.rejectAll = true
    setSendToken(portico, {
      name: 'Ether',
      symbol: 'ETH',
      chainId: network.caipNetworkId,
      value: 0,
      price: 1,
      iconUrl: '',
      quantity: { decimals: '18', numeric: '1' },
    })
    setSendAmount(portico, { amount: '0.1' })
    await setReceiver(portico, { input: devnet.accounts[3]!.address })
    await expect(sendTokens(portico)).rejects.toThrow('Transaction rejected')
    expect(portico.stores.send.getState().loading).toBe(false)
    expect(portico.stores.snack.getState()).toMatchObject({ message: { key: 'error.transactionRejected' }, variant: 'error' })
  })
})
