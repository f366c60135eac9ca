import { describe, expect, test, vi } from 'vitest'
import { push } from '../router.js'
import { testPortico } from '../test/fakes.js'
import { openModal } from './openModal.js'
import { popTransactionStack } from './popTransactionStack.js'
import { pushTransactionStack } from './pushTransactionStack.js'

describe('SPEC §2 transaction stack', () => {
  function setup() {
    const t = testPortico()
    openModal(t.portico, { view: 'Account' })
    push(t.portico.stores.router, 'Networks')
    const entry = { onSuccess: vi.fn(), onError: vi.fn(), onCancel: vi.fn() }
    pushTransactionStack(t.portico, entry)
    return { ...t, entry }
  }

  test('rule: on error the callback runs and then the modal goes back', () => {
    const { portico, entry } = setup()
    entry.onError.mockImplementation(() => expect(portico.stores.router.getState().view).toBe('Networks'))
    popTransactionStack(portico, { outcome: 'error', error: new Error('boom') })
    expect(entry.onError).toHaveBeenCalledWith(new Error('boom'))
    expect(portico.stores.router.getState().view).toBe('Account')
    expect(portico.stores.router.getState().transactionStack).toEqual([])
  })

  test('rule: on cancel the callback runs and then the modal goes back', () => {
    const { portico, entry } = setup()
    popTransactionStack(portico, { outcome: 'cancel' })
    expect(entry.onCancel).toHaveBeenCalledOnce()
    expect(portico.stores.router.getState().view).toBe('Account')
  })

  test('on success the callback runs and the view stays', () => {
    const { portico, entry } = setup()
    popTransactionStack(portico, { outcome: 'success' })
    expect(entry.onSuccess).toHaveBeenCalledOnce()
    expect(entry.onError).not.toHaveBeenCalled()
    expect(portico.stores.router.getState().view).toBe('Networks')
  })
})
