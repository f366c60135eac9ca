// The positional forms kept for one release (issue 29 step 4): each still does what its object form does.
import { describe, expect, test } from 'vitest'
import { ADDRESS, testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { findConnector } from './findConnector.js'
import { initialize } from './initialize.js'
import { navigate } from './navigate.js'
import { openModal } from './openModal.js'
import { openSwapTokenPicker } from './openSwapTokenPicker.js'
import { popTransactionStack } from './popTransactionStack.js'
import { pushTransactionStack } from './pushTransactionStack.js'
import { readAccount } from './readAccount.js'
import { setPaymentAmount } from './setPaymentAmount.js'
import { setSendAmount } from './setSendAmount.js'
import { setSendToken } from './setSendToken.js'
import { setThemeMode } from './setThemeMode.js'
import { startSend } from './startSend.js'
import { typeReceiver } from './typeReceiver.js'

const eth = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' }

describe('deprecated positional forms', () => {
  test('behavior: navigate(portico, view, data) opens the view with its data', () => {
    const { portico } = testPortico()
    openModal(portico)
    navigate(portico, 'Networks', { caipNetworkId: 'eip155:31337' })
    expect(portico.stores.router.getState()).toMatchObject({ view: 'Networks', data: { caipNetworkId: 'eip155:31337' } })
  })

  test('behavior: the send form setters take the value itself; a token (it has a symbol) is the old form', () => {
    const { portico } = testPortico()
    startSend(portico, eth)
    expect(portico.stores.send.getState().token).toEqual(eth)
    setSendToken(portico, undefined)
    expect(portico.stores.send.getState().token).toBeUndefined()
    setSendToken(portico, eth)
    setSendAmount(portico, '0.5')
    typeReceiver(portico, 'alice.portico.id')
    expect(portico.stores.send.getState()).toMatchObject({ token: eth, sendTokenAmount: '0.5', receiverInput: 'alice.portico.id' })
  })

  test('behavior: setThemeMode, setPaymentAmount, openSwapTokenPicker take the value itself', () => {
    const { portico } = testPortico()
    setThemeMode(portico, 'light')
    setPaymentAmount(portico, '25')
    openSwapTokenPicker(portico, 'to')
    expect(portico.stores.theme.getState().themeMode).toBe('light')
    expect(portico.stores.onramp.getState().paymentAmount).toBe('25')
    expect(portico.stores.swap.getState().picking).toBe('to')
  })

  test('behavior: popTransactionStack(portico, outcome, error) hands the error to onError', () => {
    const { portico } = testPortico()
    const errors: unknown[] = []
    pushTransactionStack(portico, { onError: (error) => errors.push(error) })
    const error = new Error('boom')
    popTransactionStack(portico, 'error', error)
    expect(errors).toEqual([error])
  })

  test('behavior: readAccount(portico, namespace) and findConnector(portico, id) answer as their object forms', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    expect(readAccount(portico, 'eip155')).toEqual(readAccount(portico, { namespace: 'eip155' }))
    expect(readAccount(portico, 'eip155').address).toBe(ADDRESS)
    expect(findConnector(portico, 'dev.portico.testwallet')).toBe(findConnector(portico, { connectorId: 'dev.portico.testwallet' }))
  })
})
