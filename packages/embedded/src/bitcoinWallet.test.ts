import { describe, expect, test } from 'vitest'
import { createEmbeddedBitcoinProvider } from './bitcoinWallet.js'
import { FrameRequestError } from './frameTransport.js'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
const ADDRESSES = [{ address: 'bcrt1qtest0000000000000000000000000000000', publicKey: '02'.padEnd(66, 'a'), path: "m/84'/1'/0'/0/0", intention: 'payment' }]

function link({ signedIn = true, answer = async (): Promise<unknown> => ADDRESSES } = {}) {
  const calls: [string, unknown, string][] = []
  let user = signedIn
  const provider = createEmbeddedBitcoinProvider({
    signedIn: () => user,
    chains: [REGTEST, TESTNET],
    rpc: async (method, params, chainId) => (calls.push([method, params, chainId]), answer()),
  })
  return { provider, calls, signOut: () => (user = false) }
}

describe('the embedded wallet as a PorticoBitcoinProvider', () => {
  test("default: each method goes to the frame as bip122_<method>, chainId the active network's CAIP-2 reference", async () => {
    const { provider, calls } = link()
    expect(await provider.request({ method: 'getAccountAddresses', params: {} })).toEqual(ADDRESSES)
    await provider.setChain(TESTNET)
    expect(calls).toEqual([
      ['bip122_getAccountAddresses', {}, '0f9188f13cb7b2c71f2a335e3a4fc328'],
      // setChain reads the new network's addresses
      ['bip122_getAccountAddresses', {}, '000000000933ea01ad0ee984209779ba'],
    ])
    expect(provider.isPortico).toBe(true)
  })

  test('behavior: addresses are told to listeners; a sign-out says none and disconnects', async () => {
    const { provider, signOut } = link()
    const heard: unknown[] = []
    provider.on('bip122_addressesChanged', (a) => heard.push(a)).on('disconnect', () => heard.push('disconnect'))
    await provider.refresh()
    signOut()
    await provider.refresh()
    expect(heard).toEqual([ADDRESSES, [], 'disconnect'])
  })

  test("error: the frame's refusals keep their code; a reply of the wrong shape is -32603; signed out is 4100", async () => {
    const rejected = link({ answer: async () => Promise.reject(new FrameRequestError('RPC_REQUEST', 'User rejected the request', 4001)) })
    await expect(rejected.provider.request({ method: 'signPsbt', params: { psbt: 'cHNidP8=' } })).rejects.toMatchObject({ code: 4001 })
    const invalid = link({ answer: async () => Promise.reject(new FrameRequestError('RPC_REQUEST', 'Malformed PSBT: x', -32602)) })
    await expect(invalid.provider.request({ method: 'signPsbt', params: { psbt: 'x' } })).rejects.toMatchObject({ code: -32602, message: 'Malformed PSBT: x' })
    const odd = link({ answer: async () => ({ txid: 'nope' }) })
    await expect(odd.provider.request({ method: 'sendTransfer', params: { recipientAddress: 'a', amount: '1' } })).rejects.toMatchObject({ code: -32603 })
    await expect(link({ signedIn: false }).provider.request({ method: 'getAccountAddresses', params: {} })).rejects.toMatchObject({ code: 4100 })
    // @ts-expect-error: not a Bitcoin method
    await expect(link().provider.request({ method: 'eth_sign', params: {} })).rejects.toMatchObject({ code: 4200 })
    await expect(link().provider.setChain('bip122:000000000019d6689c085ae165831e93')).rejects.toMatchObject({ code: -32602 })
  })
})
