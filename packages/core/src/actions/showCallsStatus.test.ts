import { describe, expect, test } from 'vitest'
import { BatchedCallsUnsupportedError } from '../errors/calls.js'
import { connectedTo, scriptedWallet } from '../test/callsWallet.js'
import { showCallsStatus } from './showCallsStatus.js'

describe('showCallsStatus', () => {
  test('default: asks the wallet to show the batch', async () => {
    const wallet = scriptedWallet(() => null)
    const portico = await connectedTo(wallet)
    expect(await showCallsStatus(portico, { id: '0xbatch' })).toBeUndefined()
    expect(wallet.requests).toEqual([{ method: 'wallet_showCallsStatus', params: ['0xbatch'] }])
  })

  test('error: a wallet without it', async () => {
    const portico = await connectedTo(
      scriptedWallet(() => {
        throw Object.assign(new Error('nope'), { code: 4200 })
      }),
    )
    expect(await showCallsStatus(portico, { id: '0xbatch' }).catch((e: unknown) => e)).toBeInstanceOf(BatchedCallsUnsupportedError)
  })
})
