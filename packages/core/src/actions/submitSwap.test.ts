import { afterEach, describe, expect, test, vi } from 'vitest'
import { createPortico } from '../createPortico.js'
import { desktopEnvironment, memoryStorage } from '../environment.js'
import { setAccount } from '../stores/account.js'
import { ADDRESS, devnet, fakeClock, ScriptedAdapter } from '../test/fakes.js'
import { startHttpServer } from '../test/httpServer.js'
import { swapNeedsApproval } from '../swap/rules.js'
import { connectExternal } from './connectExternal.js'
import { fetchSwapQuote } from './internal/fetchSwapQuote.js'
import { initialize } from './initialize.js'
import { submitSwap } from './submitSwap.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'
const usdc = { address: `eip155:31337:${USDC}`, name: 'USD Coin', symbol: 'USDC', decimals: 6 }
const eth = { address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', name: 'Ether', symbol: 'ETH', decimals: 18 }
const usdcBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: usdc.address,
  value: 0,
  price: 1,
  quantity: { decimals: '6', numeric: '500' },
  iconUrl: '',
}
const tx = (to: string) => ({ tx: { from: ADDRESS, to, data: '0x095ea7b3', value: '0', eip155: {} } })

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

/**
 * Selling 100 USDC from a scripted EVM wallet, the server's /v1/convert/* answered by a real local HTTP server
 * whose allowance is `allowance`. (The approvals on a real chain: @portico/evm's swap.test.ts and e2e/swap.e2e.ts.)
 */
async function sellingUsdc({ allowance = '0' } = {}) {
  const server = await startHttpServer({
    'GET /v1/convert/allowance': () => ({ json: { allowance } }),
    'GET /v1/convert/quotes': () => ({ json: { quotes: [{ fromAmount: '100000000', toAmount: '33000000000000000' }] } }),
    'GET /v1/convert/build-approve': () => ({ json: tx(USDC) }),
    'POST /v1/convert/build-transaction': () => ({ json: tx(ROUTER) }),
    [`GET /v1/account/${ADDRESS}/balance`]: () => ({ json: { balances: [] } }),
    [`GET /v1/account/${ADDRESS}/history`]: () => ({ json: { data: [], next: null } }),
    'POST /e': () => ({ json: {} }),
  })
  close = async () => {
    // After the swap, the balances and Activity are read again in the background: their answers land first.
    await vi.waitFor(() => expect(server.requests.filter((r) => /\/(balance|history)$/.test(r.path)).length).toBeGreaterThanOrEqual(2))
    await new Promise((resolve) => setTimeout(resolve, 50))
    await server.close()
  }
  const adapter = new ScriptedAdapter()
  const sent: string[] = []
  Object.assign(adapter, {
    sendTransaction: async ({ to }: { to: string }) => (sent.push(to), { hash: `0x${sent.length}` }),
    waitForTransaction: async () => ({ status: 'success' }),
  })
  const portico = createPortico({
    adapters: [adapter],
    networks: [devnet],
    storage: memoryStorage(),
    clock: fakeClock(),
    environment: desktopEnvironment,
    apiUrl: server.url,
    projectId: 'p1',
  })
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
  setAccount(portico, 'eip155', { tokenBalance: [usdcBalance] })
  portico.stores.swap.setState({ from: usdc, to: eth, fromAmount: '100' })
  await fetchSwapQuote(portico)
  const approvals = () => server.requests.filter((r) => r.path === '/v1/convert/build-approve').map((r) => r.query.get('amount'))
  return { portico, sent, approvals }
}

describe('submitSwap', () => {
  test('default: the approval lets the router spend exactly the amount sold, then the swap is sent', async () => {
    const { portico, sent, approvals } = await sellingUsdc()
    expect(swapNeedsApproval(portico.stores.swap.getState())).toBe(true)
    await submitSwap(portico)
    expect(approvals()).toEqual(['100000000'])
    expect(sent).toEqual([USDC, ROUTER])
    expect(portico.stores.swap.getState().step).toBe('done')
  })

  test("behavior: approval 'unlimited' (the user's choice in the preview) approves 2^256−1", async () => {
    const { portico, sent, approvals } = await sellingUsdc()
    await submitSwap(portico, { approval: 'unlimited' })
    expect(approvals()).toEqual([(2n ** 256n - 1n).toString()])
    expect(sent).toEqual([USDC, ROUTER])
  })

  test('behavior: an allowance that covers the amount needs no approval, unlimited or not', async () => {
    const { portico, sent, approvals } = await sellingUsdc({ allowance: '100000000' })
    expect(portico.stores.swap.getState().allowance).toBe('100000000')
    expect(swapNeedsApproval(portico.stores.swap.getState())).toBe(false)
    await submitSwap(portico, { approval: 'unlimited' })
    expect(approvals()).toEqual([])
    expect(sent).toEqual([ROUTER])
  })
})
