// @vitest-environment node
/** The frame's EIP-5792 path against a real devnet: checks before any prompt, one approval, an EOA's calls mined one after another. */
import { startDevnet, usdcAbi, type Devnet } from '@portico/devnet'
import { ErrorText } from '@portico/core/spec'
import { createPublicClient, encodeFunctionData, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ApprovalContent } from './approval.js'
import { setSmartAccountBatchRunner } from './batchRunner.js'
import { handleCallsRequest } from './calls.js'
import type { RpcContext } from './rpc/context.js'
import { eip155Networks } from './rpc/eip155.js'
import type { Unlocked } from './wallet.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
}, 60_000)
afterAll(() => devnet?.stop())

function frame(decide: (content: ApprovalContent, method: string) => boolean = () => true) {
  const key = devnet.accounts[1]!.privateKey
  const account = privateKeyToAccount(key)
  const unlocked = {
    account,
    keys: { secretKeys: {}, addresses: { eip155: account.address, solana: '' } },
    entropy: new Uint8Array(),
  } as Unlocked
  const shown: Array<{ content: ApprovalContent; method: string }> = []
  const ctx: RpcContext = {
    chainId: 31337,
    rpcUrlFor: (id) => (String(id).replace('eip155:', '') === '31337' ? devnet.chains[0]!.rpcUrl : undefined),
    networks: eip155Networks,
    keys: () => unlocked,
    approve: async (content, method) => (shown.push({ content, method }), decide(content, method)),
  }
  const rpc = (method: string, params: unknown[]) => handleCallsRequest(ctx, method, params, 31337)
  return { rpc, shown, account }
}
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal')
    },
    (e: Error & { code: number }) => ({ code: e.code, message: e.message }),
  )
const transfer = (to: Address, amount: bigint) => encodeFunctionData({ abi: usdcAbi, functionName: 'transfer', args: [to, amount] })

describe('the frame’s wallet_sendCalls (EOA)', () => {
  test('default: ONE approval screen listing both USDC transfers, then both mined; getCallsStatus 200 with two receipts', async () => {
    const { rpc, shown, account } = frame()
    const chain = devnet.chains[0]!
    const [a, b] = [devnet.accounts[3]!.address, devnet.accounts[4]!.address]
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const balance = (who: Hex) => client.readContract({ address: chain.usdc, abi: usdcAbi, functionName: 'balanceOf', args: [who] }) as Promise<bigint>
    const before = [await balance(a), await balance(b)]

    expect(await rpc('wallet_getCapabilities', [account.address, ['0x7a69', '0x1']])).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    const { id } = (await rpc('wallet_sendCalls', [
      {
        version: '2.0.0',
        from: account.address,
        chainId: '0x7a69',
        atomicRequired: false,
        calls: [
          { to: chain.usdc, data: transfer(a, 1_000_000n) },
          { to: chain.usdc, data: transfer(b, 2_000_000n) },
        ],
      },
    ])) as { id: string }
    expect(shown).toHaveLength(1)
    expect(shown[0]!.method).toBe('wallet_sendCalls')
    expect(shown[0]!.content.sections!.map((s) => s.title)).toEqual(['Call 1 of 2: Send tokens', 'Call 2 of 2: Send tokens'])
    expect(shown[0]!.content.sections![0]!.rows).toContainEqual({ label: 'Amount', value: '1 USDC' })

    let status: { status: number; receipts: { status: string }[]; atomic: boolean; chainId: string }
    for (;;) {
      status = (await rpc('wallet_getCallsStatus', [id])) as typeof status
      if (status.status !== 100) break
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(status).toMatchObject({ status: 200, atomic: false, chainId: '0x7a69' })
    expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
    expect([await balance(a), await balance(b)]).toEqual([before[0]! + 1_000_000n, before[1]! + 2_000_000n])
  })

  test("error: SPEC §5's text for a 'to' or data without 0x, before any prompt; EIP-5792's codes for the rest", async () => {
    const { rpc, shown, account } = frame()
    const usdc = devnet.chains[0]!.usdc
    const send = (request: object) =>
      rpc('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: usdc }], ...request }])
    const invalid = { code: -32602, message: ErrorText.invalidBatchedCalls }
    expect(await failure(send({ calls: [{ to: usdc.slice(2) }] }))).toEqual(invalid)
    expect(await failure(send({ calls: [{ to: usdc, data: 'a9059cbb' }] }))).toEqual(invalid)
    expect(await failure(send({ calls: [] }))).toEqual(invalid)
    expect(await failure(send({ calls: [{ to: '0xnot-an-address' }] }))).toEqual(invalid)
    expect((await failure(send({ atomicRequired: true }))).code).toBe(5760)
    expect((await failure(send({ chainId: '0x7a6a' }))).code).toBe(5710)
    expect((await failure(send({ from: devnet.accounts[0]!.address }))).code).toBe(-32602)
    expect((await failure(send({ capabilities: { paymasterService: { url: 'http://x' } } }))).code).toBe(5700)
    expect((await failure(send({ calls: Array.from({ length: 51 }, () => ({ to: usdc })) }))).code).toBe(5740)
    expect(shown).toHaveLength(0)
    expect((await failure(rpc('wallet_getCallsStatus', ['0xunknown']))).code).toBe(5730)
    expect(await failure(rpc('wallet_grantPermissions', [{}]))).toEqual({ code: 4200, message: ErrorText.smartSessionsUnsupported })
    expect(await failure(rpc('wallet_revokePermissions', [{ permissionContext: '0x' }]))).toEqual({ code: 4200, message: ErrorText.smartSessionsUnsupported })
    expect(account.address).toBeTruthy()
  })

  test('behavior: rejected on the screen → 4001, nothing sent; a smart account runner, when registered, makes the batch atomic', async () => {
    const { rpc } = frame(() => false)
    const usdc = devnet.chains[0]!.usdc
    const request = { version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: usdc, data: transfer(devnet.accounts[2]!.address, 1n) }] }
    expect((await failure(rpc('wallet_sendCalls', [{ ...request, atomicRequired: false }]))).code).toBe(4001)

    const sent: unknown[] = []
    setSmartAccountBatchRunner(() => ({
      atomic: 'supported',
      capabilities: { paymasterService: { supported: true } },
      send: async (calls) => (sent.push(calls), { atomic: true, status: async () => ({ status: 200, receipts: [] }) }),
    }))
    try {
      const approving = frame()
      expect(await approving.rpc('wallet_getCapabilities', [approving.account.address])).toEqual({
        '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      })
      const { id } = (await approving.rpc('wallet_sendCalls', [request])) as { id: string }
      expect(approving.shown[0]!.content.rows).toContainEqual({ label: 'Calls', value: '1, all or nothing, in one operation' })
      expect(sent).toHaveLength(1)
      expect(await approving.rpc('wallet_getCallsStatus', [id])).toMatchObject({ status: 200, atomic: true })
    } finally {
      setSmartAccountBatchRunner(undefined)
    }
  })
})
