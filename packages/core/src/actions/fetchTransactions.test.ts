import { afterEach, describe, expect, test, vi } from 'vitest'
import { tx } from '../test/activityFixtures.js'
import { ADDRESS, testPortico } from '../test/fakes.js'
import { startHttpServer, type Recorded } from '../test/httpServer.js'
import { fetchTransactions } from './fetchTransactions.js'
import { setConnection } from './internal/setConnection.js'

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

const HISTORY = `GET /v1/account/${ADDRESS}/history`

async function setup(history: (req: Recorded) => { status?: number; json?: unknown }) {
  const server = await startHttpServer({ [HISTORY]: history, 'POST /e': () => ({ json: {} }) })
  close = server.close
  const t = testPortico({ apiUrl: server.url, projectId: 'p1' })
  setConnection(t.portico, 'eip155', { connectorId: 'dev.portico.testwallet', accounts: [{ address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:31337' })
  return { ...t, server, state: () => t.portico.stores.transactions.getState() }
}

describe('SPEC §4 Transactions list', () => {
  test('rule: pages are fetched with a cursor until there is no next page', async () => {
    const pages: Record<string, { data: unknown[]; next: string | null }> = {
      '': { data: [tx('1'), tx('2')], next: 'c1' },
      c1: { data: [tx('3')], next: null },
    }
    const { portico, server, state } = await setup((req) => ({ json: pages[req.query.get('cursor') ?? ''] }))
    await fetchTransactions(portico)
    expect(state()).toMatchObject({ next: 'c1', empty: false })
    await fetchTransactions(portico)
    await fetchTransactions(portico) // no next page: no call
    expect(state().transactions.map((t) => t.id)).toEqual(['1', '2', '3'])
    expect(server.requests.filter((r) => r.path.endsWith('/history')).map((r) => [r.query.get('chainId'), r.query.get('cursor')])).toEqual([
      ['eip155:31337', null],
      ['eip155:31337', 'c1'],
    ])
  })

  test('rule: only the active network is kept and spam-only transactions are dropped', async () => {
    const { portico, state } = await setup(() => ({
      json: { data: [tx('1'), tx('2', { chain: 'eip155:1' }), tx('3', { spam: true }), tx('4', { nft: true })], next: null },
    }))
    await fetchTransactions(portico)
    expect(state().transactions.map((t) => t.id)).toEqual(['1', '4'])
  })

  test('rule: history pages are cached for 15 s', async () => {
    const { portico, server, clock } = await setup(() => ({ json: { data: [tx('1')], next: null } }))
    const calls = () => server.requests.filter((r) => r.path.endsWith('/history')).length
    await fetchTransactions(portico)
    await fetchTransactions(portico, { reset: true })
    expect(calls()).toBe(1)
    clock.advance(15_000)
    await fetchTransactions(portico, { reset: true })
    expect(calls()).toBe(2)
  })

  test("rule: a failure shows 'Failed to fetch transactions', is tracked, and marks the list empty", async () => {
    const { portico, server, state } = await setup(() => ({ status: 500, json: { error: 'boom' } }))
    portico.stores.transactions.setState({ transactions: [tx('old')] })
    await fetchTransactions(portico)
    expect(state()).toMatchObject({ transactions: [], empty: true, error: { key: 'error.failedToFetchTransactions' } })
    expect(portico.stores.snack.getState()).toMatchObject({ open: true, variant: 'error', message: { key: 'error.failedToFetchTransactions' } })
    const events = () => server.requests.filter((r) => r.path === '/e').map((r) => (r.body as { props: Record<string, unknown> }).props)
    await vi.waitFor(() => expect(events()).toHaveLength(2), { timeout: 10_000 })
    expect(events()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'track', event: 'ERROR_FETCH_TRANSACTIONS' }),
        expect.objectContaining({ type: 'error', errorType: 'API_ERROR', errorMessage: 'Failed to fetch transactions' }),
      ]),
    )
  })

  test('error: a response that does not match SPEC §3 Transaction is a failure', async () => {
    const { portico, state } = await setup(() => ({ json: { data: [{ id: 1 }], next: null } }))
    await fetchTransactions(portico)
    expect(state()).toMatchObject({ empty: true, error: { key: 'error.failedToFetchTransactions' } })
  })

  test('behavior: another network starts the list over', async () => {
    const { portico, state } = await setup((req) => ({ json: { data: [tx(req.query.get('chainId')!, { chain: req.query.get('chainId')! })], next: null } }))
    await fetchTransactions(portico)
    portico.stores.network.setState({ caipNetwork: portico.options.networks[1] })
    await fetchTransactions(portico)
    expect(state().transactions.map((t) => t.id)).toEqual(['eip155:31338'])
  })
})
