// @vitest-environment node
/** EIP-5792 in the injected test wallet, against a real devnet with its USDC fixture (random ports). */
import { startDevnet, usdcAbi, type Devnet } from '@portico/devnet'
import { createPublicClient, encodeFunctionData, http, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWallet, type ApprovalRequest, type TestWalletChain, type TestWalletOptions } from './index'

let devnet: Devnet
let chains: TestWalletChain[]
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  chains = devnet.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({ chainId, name, rpcUrl, nativeCurrency }))
}, 60_000)
afterAll(() => devnet?.stop())

const connected = async (opts: TestWalletOptions = {}) => {
  const w = createTestWallet({ chains, autoApprove: true, ...opts })
  await w.request({ method: 'eth_requestAccounts' })
  return w
}
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected rejection')
    },
    (e: unknown) => e as Error & { code: number },
  )
const transfer = (to: Hex, amount: bigint) => encodeFunctionData({ abi: usdcAbi, functionName: 'transfer', args: [to, amount] })

async function settled(w: ReturnType<typeof createTestWallet>, id: string) {
  for (;;) {
    const status = await w.request({ method: 'wallet_getCallsStatus', params: [id] })
    if (status.status !== 100) return status
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('EIP-5792 in the injected test wallet', () => {
  it('wallet_getCapabilities: atomic unsupported on every known chain, or on the chains asked', async () => {
    const w = await connected({ knownChainIds: [31337, 31338] })
    const address = devnet.accounts[0].address
    expect(await w.request({ method: 'wallet_getCapabilities', params: [address] })).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
    expect(await w.request({ method: 'wallet_getCapabilities', params: [address, ['0x7a6a']] })).toEqual({ '0x7a6a': { atomic: { status: 'unsupported' } } })
  })

  it('assets: wallet_getCapabilities advertises assetDiscovery; wallet_getAssets answers the native balance and USDC read on the chain', async () => {
    const chain = devnet.chains[0]
    const w = await connected({ assets: [chain.usdc] })
    const address = devnet.accounts[0].address
    expect(await w.request({ method: 'wallet_getCapabilities', params: [address, ['0x7a69']] })).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
    })
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const usdc = (await client.readContract({ address: chain.usdc, abi: usdcAbi, functionName: 'balanceOf', args: [address] })) as bigint
    const answer = await w.request({ method: 'wallet_getAssets', params: [{ account: address, chainFilter: ['0x7a69'] }] })
    expect(Object.keys(answer)).toEqual(['0x7a69'])
    expect(answer['0x7a69']).toEqual([
      {
        address: '0x0000000000000000000000000000000000000000',
        balance: expect.stringMatching(/^0x/),
        type: 'NATIVE',
        metadata: expect.objectContaining({ symbol: 'ETH', decimals: 18 }),
      },
      {
        address: chain.usdc,
        balance: `0x${usdc.toString(16)}`,
        type: 'ERC20',
        metadata: { name: expect.any(String), symbol: 'USDC', decimals: 6, price: 0, iconUrl: '' },
      },
    ])
    expect(await rejection(w.request({ method: 'wallet_getAssets', params: [{ account: devnet.accounts[1].address }] }))).toMatchObject({ code: 4100 })
  })

  it('wallet_sendCalls: one approval listing both USDC transfers, then both mined in order; status 200 with two receipts', async () => {
    const asked: ApprovalRequest[] = []
    const w = await connected({ autoApprove: false, onApprovalRequest: (r) => (asked.push(r), true) })
    asked.length = 0
    const chain = devnet.chains[0]
    const [a, b] = [devnet.accounts[3].address, devnet.accounts[4].address]
    const usdc = createPublicClient({ transport: http(chain.rpcUrl) })
    const balance = (who: Hex) => usdc.readContract({ address: chain.usdc, abi: usdcAbi, functionName: 'balanceOf', args: [who] }) as Promise<bigint>
    const before = [await balance(a), await balance(b)]

    const { id } = await w.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from: devnet.accounts[0].address,
          chainId: '0x7a69',
          atomicRequired: false,
          calls: [
            { to: chain.usdc, data: transfer(a, 1_000_000n) },
            { to: chain.usdc, data: transfer(b, 2_000_000n) },
          ],
        },
      ],
    })
    expect(asked).toHaveLength(1)
    expect(asked[0]!.details.map((d) => d.label)).toEqual(['Call 1', 'Call 2'])
    expect(asked[0]!.details[0]!.value).toContain('data 68 bytes (0xa9059cbb)')

    const status = await settled(w, id)
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect(status.receipts.map((r: { status: string }) => r.status)).toEqual(['0x1', '0x1'])
    expect([await balance(a), await balance(b)]).toEqual([before[0]! + 1_000_000n, before[1]! + 2_000_000n])
    expect(await w.request({ method: 'wallet_showCallsStatus', params: [id] })).toBeNull()
  })

  it('behavior: a later call that fails makes the batch 600 (partly done); a first one that fails before sending is 400 (nothing sent)', async () => {
    const w = await connected()
    const usdc = devnet.chains[0].usdc
    const tooMuch = transfer(devnet.accounts[3].address, 10n ** 30n)
    const ok = transfer(devnet.accounts[3].address, 1n)
    // The transfer beyond the balance fails at eth_estimateGas, before it is sent.
    const send = (calls: object[]) => w.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls }] })
    const partly = await send([
      { to: usdc, data: ok },
      { to: usdc, data: tooMuch },
    ])
    expect((await settled(w, partly.id)).status).toBe(600)
    const first = await send([{ to: usdc, data: tooMuch }])
    expect((await settled(w, first.id)).status).toBe(400)
  })

  it('error: EIP-5792 refusals before any prompt — atomicRequired (5760), other chain (5710), bad call (-32602), unknown id (5730), duplicate id (5720), rejection (4001)', async () => {
    const asked: ApprovalRequest[] = []
    const w = await connected({ autoApprove: false, onApprovalRequest: (r) => (asked.push(r), r.method !== 'wallet_sendCalls') })
    asked.length = 0
    const usdc = devnet.chains[0].usdc
    const send = (request: object) =>
      w.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: usdc }], ...request }] })
    expect((await rejection(send({ atomicRequired: true }))).code).toBe(5760)
    expect((await rejection(send({ chainId: '0x1' }))).code).toBe(5710)
    expect((await rejection(send({ calls: [{ to: usdc.slice(2) }] }))).code).toBe(-32602)
    expect((await rejection(send({ calls: [{ to: usdc, data: 'a9059cbb' }] }))).code).toBe(-32602)
    expect((await rejection(send({ capabilities: { paymasterService: { url: 'http://x' } } }))).code).toBe(5700)
    expect(asked).toHaveLength(0)
    expect((await rejection(send({}))).code).toBe(4001)
    expect((await rejection(w.request({ method: 'wallet_getCallsStatus', params: ['0x1234'] }))).code).toBe(5730)
    const auto = await connected()
    await auto.request({
      method: 'wallet_sendCalls',
      params: [
        { version: '2.0.0', id: 'mine', chainId: '0x7a69', atomicRequired: false, calls: [{ to: usdc, data: transfer(devnet.accounts[2].address, 1n) }] },
      ],
    })
    expect(
      (
        await rejection(
          auto.request({
            method: 'wallet_sendCalls',
            params: [{ version: '2.0.0', id: 'mine', chainId: '0x7a69', atomicRequired: false, calls: [{ to: usdc }] }],
          }),
        )
      ).code,
    ).toBe(5720)
  })
})
