// @vitest-environment node
/**
 * The test wallet against a real devnet (random ports). Only the autoApprove /
 * rejectAll / hook paths: the DOM dialog is covered by the e2e suite.
 */
import { startDevnet, type Devnet } from '@portico/devnet'
import { createPublicClient, encodeFunctionData, erc20Abi, http, maxUint256, numberToHex, stringToHex, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWallet, type TestWalletChain, type TestWalletOptions } from './index'

let devnet: Devnet
let chains: TestWalletChain[]

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true, skipFixtures: true })
  chains = devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency }))
}, 30_000)

afterAll(() => devnet?.stop())

const wallet = (opts: TestWalletOptions = {}) => createTestWallet({ chains, autoApprove: true, ...opts })
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected rejection')
    },
    (e: unknown) => e as Error & { code: number },
  )

describe('createTestWallet', () => {
  it('connects with autoApprove and reports accounts, chain id and events', async () => {
    const w = wallet()
    const events: unknown[] = []
    w.on('accountsChanged', (a) => events.push(['accountsChanged', a]))
    w.on('connect', (info) => events.push(['connect', info]))

    expect(w.isPorticoTestWallet).toBe(true)
    expect(await w.request({ method: 'eth_accounts' })).toEqual([])
    const accounts = await w.request({ method: 'eth_requestAccounts' })
    expect(accounts).toEqual([devnet.accounts[0].address])
    expect(await w.request({ method: 'eth_accounts' })).toEqual(accounts)
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await w.request({ method: 'net_version' })).toBe('31337')
    expect(await w.request({ method: 'wallet_getCapabilities' })).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    // Reads are forwarded to the chain.
    expect(BigInt(await w.request({ method: 'eth_getBalance', params: [accounts[0], 'latest'] }))).toBeGreaterThan(0n)
    await new Promise((r) => setTimeout(r, 20)) // 'connect' is emitted after an async RPC check.
    expect(events).toEqual([
      ['accountsChanged', accounts],
      ['connect', { chainId: '0x7a69' }],
    ])

    expect((await w.request({ method: 'wallet_getPermissions' }))[0].parentCapability).toBe('eth_accounts')
    await w.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(await w.request({ method: 'eth_accounts' })).toEqual([])
    expect(events.at(-1)).toEqual(['accountsChanged', []])
  })

  it('needs a connection (4100) for signing and rejects unsupported methods (4200)', async () => {
    const w = wallet()
    expect((await rejection(w.request({ method: 'personal_sign', params: ['0x68690a', devnet.accounts[0].address] }))).code).toBe(4100)
    const err = await rejection(w.request({ method: 'eth_sign', params: [] }))
    expect(err).toBeInstanceOf(Error)
    expect(err.code).toBe(4200)
    expect((await rejection(w.request({ method: 'anvil_setBalance', params: [] }))).code).toBe(4200)
  })

  it('personal_sign produces a signature viem verifies', async () => {
    const w = wallet()
    const [address] = await w.request({ method: 'eth_requestAccounts' })
    const message = 'Sign in to Portico demo\nNonce: 42'
    const signature = await w.request({ method: 'personal_sign', params: [stringToHex(message), address] })
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })

  it('eth_signTypedData_v4 produces a signature viem verifies', async () => {
    const w = wallet()
    const [address] = await w.request({ method: 'eth_requestAccounts' })
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Login: [
          { name: 'user', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
      } as const,
      primaryType: 'Login' as const,
      message: { user: address, amount: '1000' },
    }
    const signature = await w.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)] })
    const verified = await verifyTypedData({
      address,
      domain: typed.domain,
      types: { Login: typed.types.Login },
      primaryType: 'Login',
      message: { user: address, amount: 1000n },
      signature,
    })
    expect(verified).toBe(true)
  })

  it('eth_sendTransaction signs locally and moves ETH on the chain', async () => {
    const w = wallet({ privateKey: devnet.accounts[2].privateKey })
    const [from] = await w.request({ method: 'eth_requestAccounts' })
    const to = devnet.accounts[3].address
    const client = createPublicClient({ transport: http(chains[0].rpcUrl) })
    const before = await client.getBalance({ address: to })

    const hash: Hex = await w.request({ method: 'eth_sendTransaction', params: [{ from, to, value: numberToHex(10n ** 18n) }] })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(before + 10n ** 18n)
    // The receipt is also readable through the wallet (forwarded read).
    expect((await w.request({ method: 'eth_getTransactionReceipt', params: [hash] })).status).toBe('0x1')
  })

  it('switching to an unknown chain gives 4902; after wallet_addEthereumChain the switch works', async () => {
    const w = wallet()
    const changes: string[] = []
    w.on('chainChanged', (id) => changes.push(id))
    const target = numberToHex(31338)

    const err = await rejection(w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: target }] }))
    expect(err).toBeInstanceOf(Error)
    expect(err.code).toBe(4902)
    expect(typeof err.message).toBe('string')

    await w.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: target, chainName: 'Portico Devnet 2', rpcUrls: [chains[1].rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    })
    await w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: target }] })
    expect(await w.request({ method: 'eth_chainId' })).toBe(target)
    expect(changes).toEqual([target])
    // Reads now go to the second chain.
    expect(await w.request({ method: 'eth_chainId' })).toBe(await createPublicClient({ transport: http(chains[1].rpcUrl) }).request({ method: 'eth_chainId' }))

    await w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    expect(changes).toEqual([target, '0x7a69'])
  })

  it('refuses to add a chain whose RPC is unreachable and is not configured', async () => {
    const w = wallet()
    const err = await rejection(
      w.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1234', chainName: 'Nope', rpcUrls: ['http://127.0.0.1:1'] }] }),
    )
    expect(err.code).toBe(-32602)
  })

  it('rejectAll rejects approvals with 4001 (and toggles at runtime)', async () => {
    const w = wallet({ rejectAll: true })
    const err = await rejection(w.request({ method: 'eth_requestAccounts' }))
    expect(err).toBeInstanceOf(Error)
    expect(err.code).toBe(4001)
    expect(await w.request({ method: 'eth_accounts' })).toEqual([])

    w.rejectAll = false
    expect(await w.request({ method: 'eth_requestAccounts' })).toHaveLength(1)
  })

  it('asks onApprovalRequest with a readable summary when not auto-approving', async () => {
    const asked: string[] = []
    const w = wallet({ autoApprove: false, onApprovalRequest: (req) => (asked.push(req.title), true) })
    const [address] = await w.request({ method: 'eth_requestAccounts' })
    await w.request({ method: 'personal_sign', params: [stringToHex('hello'), address] })
    expect(asked).toEqual(['Connect to unknown origin', 'Sign message'])
  })
  it("shows an ERC-20 approve of 2^256−1 as 'Unlimited', with the spender", async () => {
    const asked: { title: string; details: { label: string; value: string }[] }[] = []
    const w = wallet({ autoApprove: false, onApprovalRequest: (req) => (asked.push(req), req.method !== 'eth_sendTransaction') })
    const [from] = await w.request({ method: 'eth_requestAccounts' })
    const spender = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })
    const token = '0x000000000000000000000000000000000000dEaD'
    const error = await rejection(w.request({ method: 'eth_sendTransaction', params: [{ from, to: token, data }] }))
    expect(error.code).toBe(4001)
    // (No contract at `token` answers its symbol and decimals: the allowance is shown without them.)
    expect(asked[1]).toMatchObject({
      title: `Approve ${spender} to spend Unlimited`,
      details: expect.arrayContaining([
        { label: 'Spender', value: spender },
        { label: 'Allowance', value: 'Unlimited' },
      ]),
    })
  })
})
