import { describe, expect, test } from 'vitest'
import { testPortico } from '../../test/fakes.js'
import { connectExternal } from '../connectExternal.js'
import { initialize } from '../initialize.js'
import { prepareSend } from './prepareSend.js'

const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const eth = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' }
const usdc = {
  ...eth,
  name: 'USD Coin',
  symbol: 'USDC',
  quantity: { decimals: '6', numeric: '100' },
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
}

async function connected() {
  const t = testPortico()
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  return t
}

describe('prepareSend: the amount is parsed once, for sending and for the fee', () => {
  test('default: a token with an address sends its contract, the amount in its decimals', async () => {
    const { portico } = await connected()
    portico.stores.send.setState({ token: usdc, sendTokenAmount: '1.25', receiverAddress: RECEIVER })
    const prepared = prepareSend(portico)
    expect(prepared?.native).toBe(false)
    expect(prepared?.transfer).toMatchObject({ to: RECEIVER, amount: 1_250_000n, tokenAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })
  })

  test('behavior: the native currency has no token address', async () => {
    const { portico } = await connected()
    portico.stores.send.setState({ token: eth, sendTokenAmount: '0.5', receiverAddress: RECEIVER })
    const prepared = prepareSend(portico)
    expect(prepared?.native).toBe(true)
    expect(prepared?.transfer.tokenAddress).toBeUndefined()
    expect(prepared?.transfer.amount).toBe(500_000_000_000_000_000n)
  })

  test('behavior: undefined while the form is incomplete', async () => {
    const { portico } = await connected()
    portico.stores.send.setState({ token: eth, sendTokenAmount: '0.5', receiverAddress: undefined })
    expect(prepareSend(portico)).toBeUndefined()
  })
})
