import { describe, expect, test } from 'vitest'
import { BatchedCallsUnsupportedError } from '../errors/calls.js'
import { ProviderRpcError } from '../errors/provider.js'
import { ADDRESS, testPortico } from '../test/fakes.js'
import { connectedTo, scriptedWallet } from '../test/callsWallet.js'
import { getCapabilities } from './getCapabilities.js'

const answer = {
  '0x0': { flowControl: { supported: true } },
  '0x7a69': { atomic: { status: 'unsupported' } },
  '0x7a6a': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
}

describe('getCapabilities', () => {
  test('default: capabilities per chain id, with the every-chain entry (0x0) merged into each', async () => {
    const wallet = scriptedWallet(() => answer)
    const portico = await connectedTo(wallet)
    expect(await getCapabilities(portico)).toEqual({
      31337: { flowControl: { supported: true }, atomic: { status: 'unsupported' } },
      31338: { flowControl: { supported: true }, atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    expect(wallet.requests).toEqual([{ method: 'wallet_getCapabilities', params: [ADDRESS] }])
  })

  test('behavior: one chain asked by id; a chain the wallet does not name has only the every-chain ones', async () => {
    const wallet = scriptedWallet(() => answer)
    const portico = await connectedTo(wallet)
    expect(await getCapabilities(portico, { chainId: 31338 })).toMatchObject({ atomic: { status: 'supported' } })
    expect(await getCapabilities(portico, { chainId: 1 })).toEqual({ flowControl: { supported: true } })
    expect(wallet.requests[0]).toEqual({ method: 'wallet_getCapabilities', params: [ADDRESS, ['0x7a6a']] })
  })

  test('error: a wallet without wallet_getCapabilities; nothing connected', async () => {
    const portico = await connectedTo(
      scriptedWallet(() => {
        throw Object.assign(new Error('The method "wallet_getCapabilities" does not exist'), { code: -32601 })
      }),
    )
    expect(await getCapabilities(portico).catch((e: unknown) => e)).toBeInstanceOf(BatchedCallsUnsupportedError)
    const { portico: idle } = testPortico()
    expect(await getCapabilities(idle).catch((e: unknown) => e)).toMatchObject({ code: 4900 })
    expect(await getCapabilities(idle).catch((e: unknown) => e)).toBeInstanceOf(ProviderRpcError)
  })
})
