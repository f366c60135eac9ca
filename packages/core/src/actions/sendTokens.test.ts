import { afterEach, describe, expect, test } from 'vitest'
import type { TransferParameters } from '../adapter.js'
import { desktopEnvironment, memoryStorage } from '../environment.js'
import { createPortico } from '../createPortico.js'
import { tx } from '../test/activityFixtures.js'
import { fakeClock, ScriptedAdapter, solanaDevnet } from '../test/fakes.js'
import { startHttpServer } from '../test/httpServer.js'
import { connectExternal } from './connectExternal.js'
import { setAccount } from '../stores/account.js'
import { initialize } from './initialize.js'
import { sendTokens } from './sendTokens.js'
import { resumeQueuedTransactions } from './internal/followQueuedTransaction.js'
import { StorageKeys } from '../storage.js'
import { setReceiver } from './setReceiver.js'
import { setSendAmount } from './setSendAmount.js'
import { setSendToken } from './setSendToken.js'
import { inEnglish } from '../i18n/inEnglish.js'

const SENDER = '5GNoTwEr4KgiTqPT4HW1BXDcbL55oQbr3NvzzLWJzgkH'
const FRESH = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const MINT = 'EaqkPJToE3nzBN2yuoNPkfiu3WpaXSRC8f1ruMiCr2fK'
const sol = { name: 'Solana', symbol: 'SOL', chainId: solanaDevnet.caipNetworkId, value: 0, price: 0, quantity: { decimals: '9', numeric: '10' }, iconUrl: '' }
const usdc = { ...sol, name: 'USD Coin', symbol: 'USDC', quantity: { decimals: '6', numeric: '100' }, address: `${solanaDevnet.caipNetworkId}:${MINT}` }

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

/** A Solana wallet connected through a scripted adapter, the server's history on a real local HTTP server. */
async function solanaConnected({ indexedAfter = 1, storage = memoryStorage() } = {}) {
  let historyCalls = 0
  // The server names a transaction by chain and hash; it is indexed from the `indexedAfter`-th read on.
  const indexed = { ...tx('x', { chain: solanaDevnet.caipNetworkId }), id: `${solanaDevnet.caipNetworkId}:sig1` }
  const server = await startHttpServer({
    [`GET /v1/account/${SENDER}/history`]: () => (++historyCalls, { json: { data: historyCalls >= indexedAfter ? [indexed] : [], next: null } }),
    [`GET /v1/account/${SENDER}/balance`]: () => ({ json: { balances: [] } }),
    'POST /e': () => ({ json: {} }),
  })
  close = server.close
  const adapter = new ScriptedAdapter('solana', [{ id: 'sol-wallet', name: 'Sol Wallet', type: 'ANNOUNCED', chain: 'solana' }])
  adapter.connectResult = async () => ({ connectorId: 'sol-wallet', accounts: [{ address: SENDER, type: 'eoa' }], caipNetworkId: solanaDevnet.caipNetworkId })
  Object.assign(adapter, {
    getBalance: async ({ address }: { address: string }) => ({ value: address === FRESH ? '0' : '10000000000', decimals: 9, symbol: 'SOL' }),
  })
  const transfers: TransferParameters[] = []
  adapter.sendTransfer = async (p) => (transfers.push(p), { hash: 'sig1' })
  adapter.waitForTransaction = async () => ({ status: 'success' })
  const clock = fakeClock()
  const portico = createPortico({
    adapters: [adapter],
    networks: [solanaDevnet],
    storage,
    clock,
    environment: desktopEnvironment,
    apiUrl: server.url,
    projectId: 'p1',
  })
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'sol-wallet' })
  setAccount(portico, 'solana', { tokenBalance: [sol, usdc] })
  portico.stores.send.setState({ tokenBalances: [sol, usdc] })
  return { portico, transfers, clock, historyCalls: () => historyCalls }
}

describe('sendTokens on Solana', () => {
  test('default: an SPL send carries the mint from the token CAIP address; activity is read again after confirmation', async () => {
    const { portico, transfers, historyCalls } = await solanaConnected()
    setSendToken(portico, { token: usdc })
    setSendAmount(portico, { amount: '10' })
    await setReceiver(portico, { input: FRESH })
    await sendTokens(portico)
    expect(transfers).toMatchObject([{ connectorId: 'sol-wallet', from: SENDER, to: FRESH, amount: 10_000_000n, tokenAddress: MINT }])
    await expect.poll(() => portico.stores.transactions.getState().transactions.map((t) => t.id)).toEqual([`${solanaDevnet.caipNetworkId}:sig1`])
    expect(historyCalls()).toBe(1)
    expect(portico.stores.router.getState().view).toBe('Account')
  })

  test('behavior: while the server has not indexed the send yet, the activity is read again each second (not from the 15 s cache)', async () => {
    const { portico, clock, historyCalls } = await solanaConnected({ indexedAfter: 3 })
    setSendToken(portico, { token: sol })
    setSendAmount(portico, { amount: '0.5' })
    await setReceiver(portico, { input: FRESH })
    await sendTokens(portico)
    await expect.poll(historyCalls).toBe(1)
    clock.advance(1_000)
    await expect.poll(historyCalls).toBe(2)
    clock.advance(1_000)
    await expect.poll(() => portico.stores.transactions.getState().transactions.map((t) => t.id)).toEqual([`${solanaDevnet.caipNetworkId}:sig1`])
    clock.advance(5_000)
    expect(historyCalls()).toBe(3)
  })

  test('rule: a native send has no token address', async () => {
    const { portico, transfers } = await solanaConnected()
    setSendToken(portico, { token: sol })
    setSendAmount(portico, { amount: '0.5' })
    await setReceiver(portico, { input: FRESH })
    await sendTokens(portico)
    expect(transfers).toMatchObject([{ amount: 500_000_000n, tokenAddress: undefined }])
  })

  test('error: bad inputs show their text and send nothing (invalid address, above the balance, below rent for a new account)', async () => {
    const { portico, transfers } = await solanaConnected()
    setSendToken(portico, { token: sol })
    setSendAmount(portico, { amount: '0.5' })
    await setReceiver(portico, { input: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    await expect(sendTokens(portico)).rejects.toThrow('Invalid address')
    setSendAmount(portico, { amount: '10.5' })
    await setReceiver(portico, { input: FRESH })
    await expect(sendTokens(portico)).rejects.toThrow('Insufficient balance')
    setSendAmount(portico, { amount: '0.0001' })
    await expect.poll(() => portico.stores.send.getState().receiverIsNew).toBe(true)
    await expect(sendTokens(portico)).rejects.toMatchObject({
      key: 'sendForm.belowRentExemptMinimum',
      params: { 0: '0.00089088', 1: 'SOL' },
      shortMessage: 'A new account needs at least 0.00089088 SOL',
    })
    expect(portico.stores.snack.getState().message).toEqual({ key: 'sendForm.belowRentExemptMinimum', params: { 0: '0.00089088', 1: 'SOL' } })
    expect(transfers).toEqual([])
  })
})

describe('sendTokens, a transaction the wallet queued (a Safe with more than one signer)', () => {
  test("rule: a queued send is shown as queued in the Safe at once (not failed, no wait), then 'Transaction sent' once executed and mined", async () => {
    const { portico, clock } = await solanaConnected()
    const adapter = portico.adapters.get('solana')!
    let execute!: (receipt: { status: 'success' | 'reverted'; hash?: string }) => void
    const waits: string[] = []
    adapter.sendTransfer = async () => ({ hash: 'safeTx1', queued: true })
    adapter.waitForTransaction = ({ hash }) => (waits.push(hash), new Promise((resolve) => (execute = resolve)))
    setSendToken(portico, { token: sol })
    setSendAmount(portico, { amount: '0.5' })
    await setReceiver(portico, { input: FRESH })
    expect(await sendTokens(portico)).toEqual({ hash: 'safeTx1', queued: true })
    expect(portico.stores.snack.getState()).toMatchObject({ open: true, message: { key: 'error.transactionQueued' }, variant: 'success' })
    expect(portico.stores.send.getState().loading).toBe(false)
    expect(portico.stores.router.getState().view).toBe('Account')
    expect(waits).toEqual(['safeTx1'])

    execute({ status: 'success', hash: 'sig1' })
    await expect.poll(() => (clock.advance(150), portico.stores.snack.getState().message?.key)).toBe('error.transactionSent')
  })

  test('rule: a queued send is still followed after a reload (the host reconnects the page), then forgotten once executed', async () => {
    const storage = memoryStorage()
    const first = await solanaConnected({ storage })
    const adapter = first.portico.adapters.get('solana')!
    adapter.sendTransfer = async () => ({ hash: 'safeTx3', queued: true })
    adapter.waitForTransaction = () => new Promise(() => undefined)
    setSendToken(first.portico, { token: sol })
    setSendAmount(first.portico, { amount: '0.5' })
    await setReceiver(first.portico, { input: FRESH })
    await sendTokens(first.portico)
    expect(JSON.parse(storage.getItem(StorageKeys.queuedTransactions)!)).toMatchObject([
      { hash: 'safeTx3', caipNetworkId: solanaDevnet.caipNetworkId, connectorId: 'sol-wallet' },
    ])
    await close?.()

    // The page is reloaded: a new Portico over the same storage, connected again by its host.
    const { portico, clock } = await solanaConnected({ storage })
    const waits: Array<{ hash: string; queuedBy?: string }> = []
    let execute!: (receipt: { status: 'success' | 'reverted'; hash?: string }) => void
    portico.adapters.get('solana')!.waitForTransaction = ({ hash, queuedBy }) => (waits.push({ hash, queuedBy }), new Promise((resolve) => (execute = resolve)))
    resumeQueuedTransactions(portico, 'solana', 'another-wallet')
    expect(waits).toEqual([])
    resumeQueuedTransactions(portico, 'solana', 'sol-wallet')
    expect(waits).toEqual([{ hash: 'safeTx3', queuedBy: 'sol-wallet' }])
    execute({ status: 'success', hash: 'sig1' })
    await expect.poll(() => (clock.advance(150), portico.stores.snack.getState().message?.key)).toBe('error.transactionSent')
    expect(JSON.parse(storage.getItem(StorageKeys.queuedTransactions)!)).toEqual([])
  })

  test("rule: a queued send the Safe drops (cancelled, failed) or that reverts shows 'Transaction failed'", async () => {
    const { portico, clock } = await solanaConnected()
    const adapter = portico.adapters.get('solana')!
    adapter.sendTransfer = async () => ({ hash: 'safeTx2', queued: true })
    adapter.waitForTransaction = async () => {
      throw new Error("The Safe's transaction was cancelled")
    }
    setSendToken(portico, { token: sol })
    setSendAmount(portico, { amount: '0.5' })
    await setReceiver(portico, { input: FRESH })
    await sendTokens(portico)
    await expect
      .poll(() => (clock.advance(150), portico.stores.snack.getState()))
      .toMatchObject({ message: { key: 'error.transactionFailed' }, variant: 'error' })
  })
})
