import { describe, expect, test } from 'vitest'
import { testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { fetchBalance } from './fetchBalance.js'
import { initialize } from './initialize.js'

async function connected() {
  const t = testPortico()
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  await new Promise((r) => setTimeout(r, 0))
  return t
}

describe('SPEC §8 Balances', () => {
  test("rule: a failed balance fetch shows 'Token Balance Unavailable'", async () => {
    const { portico, adapter } = await connected()
    adapter.getBalance = async () => {
      throw new Error('rpc down')
    }
    await fetchBalance(portico, 'eip155', { force: true })
    expect(portico.stores.snack.getState()).toMatchObject({ open: true, message: 'Token Balance Unavailable', variant: 'error' })
    expect(portico.stores.account.getState().byNamespace.eip155?.balanceError).toBe('rpc down')
  })

  test('behavior: a failed fetch drops the balances shown so far (they may be another network’s)', async () => {
    const { portico, adapter } = await connected()
    portico.stores.account.setState(({ byNamespace }) => ({
      byNamespace: {
        eip155: {
          ...byNamespace.eip155!,
          tokenBalance: [
            { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 1, price: 1, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' },
          ],
        },
      },
    }))
    adapter.getBalance = async () => {
      throw new Error('rpc down')
    }
    await fetchBalance(portico, 'eip155', { force: true })
    expect(portico.stores.account.getState().byNamespace.eip155).toMatchObject({ balance: undefined, tokenBalance: undefined, balanceError: 'rpc down' })
  })

  test('rule: a retry after a failure is blocked for 30 seconds', async () => {
    const { portico, adapter, clock } = await connected()
    let calls = 0
    adapter.getBalance = async () => {
      calls++
      throw new Error('rpc down')
    }
    await fetchBalance(portico, 'eip155', { force: true })
    clock.advance(29_999)
    await fetchBalance(portico, 'eip155', { force: true })
    expect(calls).toBe(1)
    clock.advance(1)
    adapter.getBalance = async () => ({ value: '5000000000000000000', decimals: 18, symbol: 'ETH' })
    await fetchBalance(portico, 'eip155', { force: true })
    expect(portico.stores.account.getState().byNamespace.eip155).toMatchObject({ balance: '5', balanceFailedAt: undefined })
  })

  test("rule: an unsupported network shows 'Token Balance Unavailable'", async () => {
    const { portico } = await connected()
    portico.stores.network.setState({ unsupported: true })
    await fetchBalance(portico)
    expect(portico.stores.snack.getState().message).toBe('Token Balance Unavailable')
  })

  test('rule: the native balance is cached for 30 s', async () => {
    const { portico, adapter, clock } = await connected()
    let calls = 0
    adapter.getBalance = async () => (calls++, { value: '1', decimals: 0, symbol: 'ETH' })
    await fetchBalance(portico)
    expect(calls).toBe(0) // still cached from the connect
    clock.advance(30_000)
    await fetchBalance(portico)
    expect(calls).toBe(1)
  })
})
