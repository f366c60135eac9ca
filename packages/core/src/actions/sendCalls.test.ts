import { describe, expect, test } from 'vitest'
import { BatchedCallsUnsupportedError, CallsRequestError, InvalidBatchedCallsError } from '../errors/calls.js'
import { UserRejectedRequestError } from '../errors/connector.js'
import { ProviderRpcError } from '../errors/provider.js'
import { ErrorText } from '../spec/catalogue.js'
import { ADDRESS } from '../test/fakes.js'
import { getProvider } from './getProvider.js'
import { sendCalls } from './sendCalls.js'
import { connectedTo, scriptedWallet } from '../test/callsWallet.js'

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const transfer = '0xa9059cbb000000000000000000000000709979' as const

describe('sendCalls', () => {
  test('default: one wallet_sendCalls in EIP-5792 2.0.0 shape, from the account on its chain', async () => {
    const wallet = scriptedWallet(() => ({ id: '0xbatch' }))
    const portico = await connectedTo(wallet)
    const result = await sendCalls(portico, {
      calls: [
        { to: USDC, data: transfer },
        { to: ADDRESS, value: 10n ** 17n },
      ],
    })
    expect(result).toEqual({ id: '0xbatch' })
    expect(wallet.requests).toEqual([
      {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            from: ADDRESS,
            chainId: '0x7a69',
            atomicRequired: false,
            calls: [
              { to: USDC, data: transfer },
              { to: ADDRESS, value: '0x16345785d8a0000' },
            ],
          },
        ],
      },
    ])
  })

  test('behavior: an id alone (first drafts of EIP-5792) is read as { id }', async () => {
    const portico = await connectedTo(scriptedWallet(() => '0xold'))
    expect(await sendCalls(portico, { calls: [{ to: USDC }], atomicRequired: true, id: 'mine' })).toEqual({ id: '0xold' })
  })

  test("error: SPEC §5 'Batched calls need a 'to' starting with 0x and optional data starting with 0x' — refused before the wallet", async () => {
    const wallet = scriptedWallet()
    const portico = await connectedTo(wallet)
    const bad = [[{ to: '5FbDB2315678afecb367f032d93F642f64180aa3' }], [{ to: USDC, data: 'a9059cbb' }], [{ to: USDC }, { data: '0x' }], []] as never[]
    for (const calls of bad) {
      const error = await sendCalls(portico, { calls }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidBatchedCallsError)
      expect((error as InvalidBatchedCallsError).shortMessage).toBe(ErrorText.invalidBatchedCalls)
    }
    // A host calling the public provider directly meets the same rule, as EIP-1193 -32602.
    const direct = await getProvider(portico)!
      .request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: 'abc' }] }] })
      .catch((e: ProviderRpcError) => e)
    expect(direct).toMatchObject({ code: -32602, message: "Batched calls need a 'to' starting with 0x and optional data starting with 0x" })
    expect(wallet.requests).toEqual([])
  })

  test('error: a wallet without EIP-5792 is BatchedCallsUnsupportedError (4200 or method not found), no fallback', async () => {
    for (const code of [4200, -32601]) {
      const wallet = scriptedWallet(() => {
        throw Object.assign(new Error('Method not supported'), { code })
      })
      const portico = await connectedTo(wallet)
      const error = await sendCalls(portico, { calls: [{ to: USDC }, { to: USDC }] }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(BatchedCallsUnsupportedError)
      expect((error as BatchedCallsUnsupportedError).shortMessage).toBe(ErrorText.batchedCallsUnsupported)
      expect(wallet.requests.map((r) => r.method)).toEqual(['wallet_sendCalls'])
    }
  })

  test('error: the user says no (4001); the wallet cannot run it atomically (5760)', async () => {
    let code = 4001
    const portico = await connectedTo(
      scriptedWallet(() => {
        throw Object.assign(new Error('no'), { code })
      }),
    )
    expect(await sendCalls(portico, { calls: [{ to: USDC }] }).catch((e: unknown) => e)).toBeInstanceOf(UserRejectedRequestError)
    code = 5760
    const error = await sendCalls(portico, { calls: [{ to: USDC }], atomicRequired: true }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CallsRequestError)
    expect(error).toMatchObject({ code: 5760, shortMessage: 'The wallet cannot run these calls atomically' })
  })
})
