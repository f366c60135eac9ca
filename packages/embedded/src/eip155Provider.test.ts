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

  test('behavior: EIP-2255 revoke (the adapter\'s disconnect) stays local; core signs the frame out', async () => {
    const { provider, rpc } = facade()
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull()
    expect(rpc).toEqual([])
  })
})
