import { describe, expect, test, vi } from 'vitest'
import { testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { fetchBalance } from './fetchBalance.js'
import { withHostToken } from './internal/withHostToken.js'
import { devnet } from '../test/fakes.js'
import { initialize } from './initialize.js'

async function connected() {
  const t = testPortico()
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  // The connect's own balance read (loaded with it, api/readBalances.ts) has finished.
  await vi.waitFor(() => expect(t.portico.stores.account.getState().byNamespace.eip155?.balanceLoading).toBe(false))
  return t
}

describe('SPEC §8 Balances', () => {
  test("rule: a failed balance fetch shows 'Token Balance Unavailable'", async () => {
    const { portico, adapter } = await connected()
    adapter.getBalance = async () => {
      throw new Error('rpc down')
    }
    await fetchBalance(portico, 'eip155', { force: true })
    expect(portico.stores.snack.getState()).toMatchObject({ open: true, message: { key: 'error.tokenBalanceUnavailable' }, variant: 'error' })
    expect(portico.stores.account.getState().byNamespace.eip155?.balanceError).toEqual({ key: 'error.external', params: { text: 'rpc down' } })
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
    expect(portico.stores.account.getState().byNamespace.eip155).toMatchObject({
      balance: undefined,
      tokenBalance: undefined,
      balanceError: { key: 'error.external', params: { text: 'rpc down' } },
    })
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
    expect(portico.stores.snack.getState().message).toEqual({ key: 'error.tokenBalanceUnavailable' })
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

describe('SPEC §3 option tokens', () => {
  const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const balances = {
    native: { balance: '2.5', symbol: 'ETH' },
    tokens: [
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:31337',
        address: usdc,
        value: 12,
        price: 1,
        quantity: { decimals: '6', numeric: '12.345' },
        iconUrl: 'a',
      },
    ],
  }
  const withTokens = (tokens: Record<string, { address: string; image?: string; symbol?: string }>) =>
    testPortico({ apiUrl: 'http://127.0.0.1:1', projectId: 'p', tokens }).portico

  test("rule: on a network where the host named a token, the balance shown is that token's", () => {
    const portico = withTokens({ 'eip155:31337': { address: usdc.toLowerCase(), image: 'https://example.com/usdc.png' } })
    const shown = withHostToken(portico, devnet, balances)
    expect(shown).toMatchObject({ balance: '12.345', symbol: 'USDC' })
    expect(shown.tokens[0]!.iconUrl).toBe('https://example.com/usdc.png')
  })
  test('rule: the named token at 0 while the account holds none; other networks keep the native balance', () => {
    const portico = withTokens({ 'eip155:31337': { address: '0x0000000000000000000000000000000000000001', symbol: 'DAI' } })
    expect(withHostToken(portico, devnet, balances)).toMatchObject({ balance: '0', symbol: 'DAI' })
    expect(withHostToken(testPortico().portico, devnet, balances)).toMatchObject({ balance: '2.5', symbol: 'ETH' })
  })
})
