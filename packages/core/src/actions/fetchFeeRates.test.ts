import { describe, expect, test } from 'vitest'
import type { TransferParameters } from '../adapter.js'
import { bitcoinRegtest, ScriptedAdapter, testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { estimateSendFee } from './estimateSendFee.js'
import { fetchFeeRates } from './fetchFeeRates.js'
import { initialize } from './initialize.js'
import { resetSend } from './resetSend.js'
import { selectFeeSpeed } from './selectFeeSpeed.js'
import { sendTokens } from './sendTokens.js'

const PAYMENT = 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk'
const RECEIVER = 'bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0'
const btc = {
  name: 'Bitcoin',
  symbol: 'BTC',
  chainId: bitcoinRegtest.caipNetworkId,
  value: 600_000,
  price: 60_000,
  quantity: { decimals: '8', numeric: '10' },
  iconUrl: '',
}
const RATES = { slow: 1, normal: 5, fast: 20 }
// The fake prices a send the way Bitcoin does: its rate (sat/vB) times the 141 vB of a one-input P2WPKH send.
const VSIZE = 141

async function bitcoinSend() {
  const adapter = new ScriptedAdapter('bip122')
  adapter.connectResult = async () => ({
    connectorId: 'dev.portico.testwallet',
    accounts: [{ address: PAYMENT, type: 'payment' }],
    caipNetworkId: bitcoinRegtest.caipNetworkId,
  })
  adapter.balance = { value: '1000000000', decimals: 8, symbol: 'BTC' }
  const rateCalls: string[] = []
  adapter.getFeeRates = async ({ caipNetwork }) => (rateCalls.push(caipNetwork.caipNetworkId), RATES)
  const estimates: TransferParameters[] = []
  adapter.estimateTransferFee = async (transfer) => (estimates.push(transfer), { value: String((transfer.feeRate ?? 2) * VSIZE), decimals: 8, symbol: 'BTC' })
  const transfers: TransferParameters[] = []
  adapter.sendTransfer = async (transfer) => (transfers.push(transfer), { hash: 'ab'.repeat(32) })
  adapter.waitForTransaction = async () => ({ status: 'success' })
  const t = testPortico({ adapters: [adapter], networks: [bitcoinRegtest] })
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  t.portico.stores.send.setState({ token: btc, tokenBalances: [btc], sendTokenAmount: '0.1', receiverAddress: RECEIVER })
  return { ...t, adapter, rateCalls, estimates, transfers }
}

describe('SPEC §5 network fee choice (Bitcoin fee rates)', () => {
  test('default: the fee rates are fetched for the active network, the speed is normal', async () => {
    const { portico, rateCalls } = await bitcoinSend()
    expect(await fetchFeeRates(portico)).toEqual(RATES)
    expect(rateCalls).toEqual([bitcoinRegtest.caipNetworkId])
    expect(portico.stores.send.getState()).toMatchObject({ feeRates: RATES })
    expect(portico.stores.send.getState().feeSpeed ?? 'normal').toBe('normal')
  })

  test('behavior: each speed is estimated at its rate; the fee shown is the chosen speed’s, in BTC and USD', async () => {
    const { portico, estimates } = await bitcoinSend()
    await fetchFeeRates(portico)
    await estimateSendFee(portico)
    expect(estimates.map((e) => e.feeRate).sort((a, b) => a! - b!)).toEqual([1, 5, 20])
    const { fee, feesBySpeed } = portico.stores.send.getState()
    expect(feesBySpeed).toEqual({
      slow: { amount: '0.00000141', symbol: 'BTC', usd: 0.00000141 * 60_000 },
      normal: { amount: '0.00000705', symbol: 'BTC', usd: 0.00000705 * 60_000 },
      fast: { amount: '0.0000282', symbol: 'BTC', usd: 0.0000282 * 60_000 },
    })
    expect(fee).toEqual(feesBySpeed?.normal)
  })

  test('rule: the chosen speed’s rate goes into the transfer, and the fee follows the choice', async () => {
    const { portico, transfers } = await bitcoinSend()
    await fetchFeeRates(portico)
    await estimateSendFee(portico)
    selectFeeSpeed(portico, { speed: 'fast' })
    expect(portico.stores.send.getState()).toMatchObject({ feeSpeed: 'fast', fee: { amount: '0.0000282', symbol: 'BTC' } })
    await sendTokens(portico)
    expect(transfers).toHaveLength(1)
    expect(transfers[0]).toMatchObject({ from: PAYMENT, to: RECEIVER, amount: 10_000_000n, feeRate: 20 })
  })

  test('behavior: a speed chosen before its estimate arrived is estimated then', async () => {
    const { portico, estimates } = await bitcoinSend()
    await fetchFeeRates(portico)
    selectFeeSpeed(portico, { speed: 'slow' })
    expect(portico.stores.send.getState().fee).toBeUndefined()
    await new Promise((r) => setTimeout(r, 0))
    expect(estimates.length).toBe(3)
    expect(portico.stores.send.getState()).toMatchObject({ feeSpeed: 'slow', fee: { amount: '0.00000141' } })
  })

  test('behavior: a network without fee rates (EVM) has no choice and no feeRate in its transfer', async () => {
    const { portico, adapter } = testPortico()
    const transfers: TransferParameters[] = []
    adapter.sendTransfer = async (p) => (transfers.push(p), { hash: '0xabc' })
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    const eth = { ...btc, symbol: 'ETH', chainId: 'eip155:31337', quantity: { decimals: '18', numeric: '1' } }
    portico.stores.send.setState({ token: eth, tokenBalances: [eth], sendTokenAmount: '0.1', receiverAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    expect(await fetchFeeRates(portico)).toBeUndefined()
    selectFeeSpeed(portico, { speed: 'fast' })
    expect(portico.stores.send.getState()).toMatchObject({ feeRates: undefined })
    expect(portico.stores.send.getState().feeSpeed).toBeUndefined()
    await sendTokens(portico)
    expect('feeRate' in transfers[0]!).toBe(false)
  })

  test('behavior: rates that cannot be read leave the send without a choice; resetSend forgets the choice', async () => {
    const { portico, adapter } = await bitcoinSend()
    await fetchFeeRates(portico)
    selectFeeSpeed(portico, { speed: 'fast' })
    resetSend(portico)
    expect(portico.stores.send.getState()).not.toHaveProperty('feeRates')
    expect(portico.stores.send.getState()).not.toHaveProperty('feeSpeed')
    expect(portico.stores.send.getState()).not.toHaveProperty('feesBySpeed')
    adapter.getFeeRates = async () => {
      throw new Error('esplora down')
    }
    expect(await fetchFeeRates(portico)).toBeUndefined()
    expect(portico.stores.send.getState().feeRates).toBeUndefined()
  })
})
