import { describe, expect, test } from 'vitest'
import { devnet, testPortico } from '../test/fakes.js'
import { desktopEnvironment } from '../environment.js'
import { fromServer } from './balances.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('balances from the Portico server', () => {
  const setup = () => {
    const seen: Array<string | null> = []
    const { portico } = testPortico({
      projectId: 'portico-dev',
      apiUrl: 'http://portico.test',
      environment: {
        ...desktopEnvironment,
        fetch: async (_input: RequestInfo | URL, init?: RequestInit) => {
          seen.push(new Headers(init?.headers).get('cache-control'))
          return Response.json({
            balances: [
              { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 0, price: 0, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' },
            ],
          })
        },
      },
    })
    return { portico, seen }
  }

  test('behavior: a read on a client cache miss lets the server answer from its cache (no Cache-Control)', async () => {
    const { portico, seen } = setup()
    expect((await fromServer(portico, ADDRESS, devnet)).native.balance).toBe('1.5')
    expect(seen).toEqual([null])
  })

  test('behavior: a forced read (the portfolio still cached here, e.g. after the user’s own send) asks for the chain as it is now', async () => {
    const { portico, seen } = setup()
    portico.cache.set('portfolio', `${devnet.caipNetworkId}:${ADDRESS.toLowerCase()}`, { native: { balance: '3', symbol: 'ETH' }, tokens: [] })
    await fromServer(portico, ADDRESS, devnet)
    expect(seen).toEqual(['no-cache'])
  })
})
