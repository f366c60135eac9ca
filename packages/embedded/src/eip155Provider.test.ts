import { RpcCallNotAllowedError, UserRejectedRequestError } from '@portico/core'
import { describe, expect, test } from 'vitest'
import { createEip155Provider } from './eip155Provider.js'
import { FrameRequestError } from './frameTransport.js'

function facade() {
  const rpc: Array<[string, unknown, number | undefined]> = []
  let chainId = 31337
  let answer: () => Promise<unknown> = async () => '0xresult'
  const provider = createEip155Provider({
    address: () => '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    chainId: () => chainId,
    switchNetwork: async (id) => void (chainId = id),
    rpc: async (method, params, chain) => {
      rpc.push([method, params, chain])
      return answer()
    },
  })
  return { provider, rpc, setAnswer: (fn: () => Promise<unknown>) => (answer = fn) }
}

describe('the embedded wallet as an EIP-1193 provider', () => {
  test('default: accounts and chain come from the frame user; other methods go to the frame as RPC_REQUEST', async () => {
    const { provider, rpc } = facade()
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'personal_sign', params: ['0x68', '0x7099'] })).toBe('0xresult')
    expect(rpc).toEqual([['personal_sign', ['0x68', '0x7099'], 31337]])
  })

  test('behavior: wallet_switchEthereumChain switches the frame and emits chainChanged', async () => {
    const { provider } = facade()
    const changes: unknown[] = []
    provider.on('chainChanged', (id) => changes.push(id))
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(changes).toEqual(['0x7a6a'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })

  test("rule: SPEC §5 — only methods on the safe or unsafe lists are accepted: 'Action not allowed'", async () => {
    const { provider, rpc } = facade()
    const error = (await provider.request({ method: 'eth_sign', params: [] }).catch((e) => e)) as RpcCallNotAllowedError
    expect(error).toBeInstanceOf(RpcCallNotAllowedError)
    expect(error.shortMessage).toBe('Action not allowed')
    expect(error.details).toBe('Requested RPC call is not allowed')
    expect(rpc).toEqual([])
  })

  test("rule: the frame's 'Requested RPC call is not allowed' (4200) and 'Request was aborted' (4001) become typed errors, by code", async () => {
    const { provider, setAnswer } = facade()
    setAnswer(async () => {
      throw new FrameRequestError('RPC_REQUEST', 'Requested RPC call is not allowed', 4200)
    })
    await expect(provider.request({ method: 'eth_call', params: [] })).rejects.toBeInstanceOf(RpcCallNotAllowedError)
    setAnswer(async () => {
      throw new FrameRequestError('RPC_REQUEST', 'Request was aborted', 4001)
    })
    const aborted = (await provider.request({ method: 'eth_sendTransaction', params: [] }).catch((e) => e)) as UserRejectedRequestError
    expect(aborted).toBeInstanceOf(UserRejectedRequestError)
    expect(aborted.details).toBe('Request was aborted')
    // The text alone decides nothing: without a code it stays the frame's error.
    setAnswer(async () => {
      throw new FrameRequestError('RPC_REQUEST', 'Request was aborted')
    })
    await expect(provider.request({ method: 'eth_sendTransaction', params: [] })).rejects.toBeInstanceOf(FrameRequestError)
  })

  test("behavior: EIP-2255 revoke (the adapter's disconnect) stays local; core signs the frame out", async () => {
    const { provider, rpc } = facade()
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull()
    expect(rpc).toEqual([])
  })
})

describe('the embedded provider and EIP-5792 / ERC-7715', () => {
  const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: Error & { code: number }) => ({ code: e.code, message: e.message }),
    )

  test('default: the four EIP-5792 methods reach the frame', async () => {
    const { provider, rpc } = facade()
    const batch = [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: USDC, data: '0xa9059cbb' }, { to: USDC }] }]
    for (const [method, params] of [
      ['wallet_getCapabilities', ['0x7099']],
      ['wallet_sendCalls', batch],
      ['wallet_getCallsStatus', ['0xid']],
      ['wallet_showCallsStatus', ['0xid']],
    ] as const)
      await provider.request({ method, params })
    expect(rpc.map(([method]) => method)).toEqual(['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_showCallsStatus'])
  })

  test("rule: SPEC §5 'Batched calls need a 'to' starting with 0x and optional data starting with 0x' — refused before the frame", async () => {
    const { provider, rpc } = facade()
    for (const calls of [[{ to: USDC.slice(2) }], [{ to: USDC, data: 'a9059cbb' }], [], [{ data: '0x' }]])
      expect(await failure(provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls }] }))).toEqual({
        code: -32602,
        message: "Batched calls need a 'to' starting with 0x and optional data starting with 0x",
      })
    expect(rpc).toEqual([])
  })

  test('rule: smart sessions (ERC-7715) are off — wallet_grantPermissions / wallet_revokePermissions answer 4200 with a clear text; the EIP-2255 revoke still disconnects', async () => {
    const { provider, rpc } = facade()
    const text = 'Smart sessions (ERC-7715 wallet_grantPermissions / wallet_revokePermissions) are not supported'
    expect(await failure(provider.request({ method: 'wallet_grantPermissions', params: [{ permissions: [] }] }))).toEqual({ code: 4200, message: text })
    expect(await failure(provider.request({ method: 'wallet_revokePermissions', params: [{ permissionContext: '0x01' }] }))).toEqual({
      code: 4200,
      message: text,
    })
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull()
    expect(rpc).toEqual([])
  })
})
