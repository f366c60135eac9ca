import { describe, expect, test } from 'vitest'
import { BatchedCallsUnsupportedError, CallsRequestError } from '../errors/calls.js'
import { ErrorText } from '../spec/catalogue.js'
import { connectedTo, scriptedWallet } from '../test/callsWallet.js'
import { getCallsStatus } from './getCallsStatus.js'

const receipt = { logs: [], status: '0x1', blockHash: '0xb', blockNumber: '0x5', gasUsed: '0x5208', transactionHash: '0xt' }

describe('getCallsStatus', () => {
  test('default: the EIP-5792 answer with the status code named (200 → success)', async () => {
    const wallet = scriptedWallet(() => ({ version: '2.0.0', id: '0xbatch', chainId: '0x7a69', status: 200, atomic: false, receipts: [receipt, receipt] }))
    const portico = await connectedTo(wallet)
    expect(await getCallsStatus(portico, { id: '0xbatch' })).toEqual({
      id: '0xbatch',
      version: '2.0.0',
      chainId: 31337,
      statusCode: 200,
      status: 'success',
      atomic: false,
      receipts: [receipt, receipt],
    })
    expect(wallet.requests).toEqual([{ method: 'wallet_getCallsStatus', params: ['0xbatch'] }])
  })

  test('behavior: 100 is pending, 500 and 600 are failures', async () => {
    let status = 100
    const portico = await connectedTo(scriptedWallet(() => ({ id: 'x', chainId: '0x7a69', status, atomic: true })))
    expect(await getCallsStatus(portico, { id: 'x' })).toMatchObject({ status: 'pending', statusCode: 100, receipts: [], atomic: true })
    status = 500
    expect((await getCallsStatus(portico, { id: 'x' })).status).toBe('failure')
    status = 600
    expect((await getCallsStatus(portico, { id: 'x' })).status).toBe('failure')
  })

  test('error: an unknown id (5730); a wallet without EIP-5792', async () => {
    let code = 5730
    const portico = await connectedTo(
      scriptedWallet(() => {
        throw Object.assign(new Error('unknown'), { code })
      }),
    )
    expect(await getCallsStatus(portico, { id: 'nope' }).catch((e: unknown) => e)).toBeInstanceOf(CallsRequestError)
    code = 4200
    const error = await getCallsStatus(portico, { id: 'nope' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BatchedCallsUnsupportedError)
    expect((error as BatchedCallsUnsupportedError).shortMessage).toBe(ErrorText.batchedCallsUnsupported)
  })
})
