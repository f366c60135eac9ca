import { describe, expect, test } from 'vitest'
import type { TransferParameters } from '../adapter.js'
import { push } from '../router.js'
import { ADDRESS, testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { setAccount } from '../stores/account.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'
import { getCurrentSendProblem } from './getCurrentSendProblem.js'
import { startSend } from './startSend.js'
import { typeReceiver } from './typeReceiver.js'
import { sendTokens } from './sendTokens.js'

const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const eth = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' }
const usdc = {
  ...eth,
  name: 'USD Coin',
  symbol: 'USDC',
  price: 1,
  quantity: { decimals: '6', numeric: '100' },
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
}

async function connected() {
  const t = testPortico()
  const transfers: TransferParameters[] = []
  t.adapter.sendTransfer = async (p: TransferParameters) => (transfers.push(p), { hash: '0xabc' })
  t.adapter.waitForTransaction = async () => ({ status: 'success' })
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  await new Promise((r) => setTimeout(r, 0)) // the balance fetch of the connect settles first
  setAccount(t.portico, 'eip155', { tokenBalance: [usdc, eth] })
  return { ...t, transfers }
}

describe('send form actions', () => {
  test('default: startSend offers the account balances with the native currency chosen', async () => {
    const { portico } = await connected()
    openModal(portico)
    startSend(portico)
    expect(portico.stores.send.getState()).toMatchObject({ token: eth, tokenBalances: [usdc, eth] })
    expect(portico.stores.router.getState().view).toBe('WalletSend')
  })

  test('rule: the receiver is resolved after the default debounce of 500 ms without typing', async () => {
    const { portico, clock } = await connected()
    typeReceiver(portico, { input: RECEIVER.slice(0, 20) })
    clock.advance(300)
    typeReceiver(portico, { input: RECEIVER })
    expect(portico.stores.send.getState()).toMatchObject({ receiverInput: RECEIVER, receiverAddress: undefined })
    clock.advance(499)
    expect(portico.stores.send.getState().receiverAddress).toBeUndefined()
    clock.advance(1)
    await Promise.resolve()
    expect(portico.stores.send.getState().receiverAddress).toBe(RECEIVER)
  })

  test('behavior: a name that resolves after the user typed an address does not replace it', async () => {
    const { portico, adapter, clock } = await connected()
    let answer!: (value: { address: string }) => void
    adapter.resolveName = () => new Promise((resolve) => (answer = resolve))
    typeReceiver(portico, { input: 'alice.portico.id' })
    clock.advance(500)
    await new Promise((r) => setTimeout(r, 0)) // the lookup is under way
    typeReceiver(portico, { input: RECEIVER })
    clock.advance(500)
    answer({ address: ADDRESS })
    await new Promise((r) => setTimeout(r, 0))
    expect(portico.stores.send.getState()).toMatchObject({ receiverAddress: RECEIVER, receiverProfileName: undefined })
  })

  test("behavior: an unsupported network gives 'Unsupported chain' in the form", async () => {
    const { portico } = await connected()
    portico.stores.send.setState({ token: eth, sendTokenAmount: '0.1', receiverAddress: RECEIVER })
    expect(getCurrentSendProblem(portico)).toBeUndefined()
    portico.stores.network.setState({ unsupported: true })
    expect(getCurrentSendProblem(portico)).toEqual({ key: 'error.unsupportedChain', kind: 'unsupportedChain' })
  })

  test('rule: a successful send resets the send state and replaces the send views with Account', async () => {
    const { portico, transfers, clock } = await connected()
    openModal(portico)
    startSend(portico)
    portico.stores.send.setState({ token: usdc, sendTokenAmount: '1.5', receiverAddress: RECEIVER })
    push(portico.stores.router, 'WalletSendPreview')
    await sendTokens(portico)
    expect(transfers[0]).toMatchObject({ from: ADDRESS, to: RECEIVER, amount: 1_500_000n, tokenAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })
    expect(portico.stores.router.getState()).toMatchObject({ view: 'Account', history: ['Account'] })
    expect(portico.stores.send.getState()).toMatchObject({ token: undefined, sendTokenAmount: undefined, receiverAddress: undefined, loading: false })
    clock.advance(150) // SPEC §4 'Snack': the success message replaces the pending one after 150 ms
    expect(portico.stores.snack.getState()).toMatchObject({ open: true, variant: 'success', message: { key: 'error.transactionSent' } })
  })
})
