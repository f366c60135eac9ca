import { describe, expect, test } from 'vitest'
import { push, replace, reset } from './router.js'
import { createRouterStore } from './stores/router.js'
import { footerFor } from './views.js'

describe('SPEC §2 Navigation', () => {
  test('push adds a view to the history', () => {
    const router = createRouterStore()
    push(router, 'Networks')
    expect(router.getState()).toMatchObject({ view: 'Networks', history: ['Connect', 'Networks'] })
  })

  test('rule: push ignores a view equal to the current one', () => {
    const router = createRouterStore()
    push(router, 'Networks')
    push(router, 'Networks', { caipNetworkId: 'eip155:1' })
    expect(router.getState().history).toEqual(['Connect', 'Networks'])
    expect(router.getState().data).toBeUndefined()
  })

  test('rule: replace swaps the last entry', () => {
    const router = createRouterStore()
    push(router, 'Networks')
    replace(router, 'SwitchNetwork')
    expect(router.getState()).toMatchObject({ view: 'SwitchNetwork', history: ['Connect', 'SwitchNetwork'] })
  })

  test('rule: replace ignores a view equal to the last history entry', () => {
    const router = createRouterStore()
    replace(router, 'Connect', { connectorId: 'x' })
    expect(router.getState().data).toBeUndefined()
    expect(router.getState().history).toEqual(['Connect'])
  })

  test('rule: reset clears the history', () => {
    const router = createRouterStore()
    push(router, 'Networks')
    push(router, 'SwitchNetwork')
    reset(router, 'Account')
    expect(router.getState()).toMatchObject({ view: 'Account', history: ['Account'] })
  })
})

describe('SPEC §2 Footers', () => {
  test('rule: the legal footer shows on Connect, ConnectWallets and the OnRamp views', () => {
    for (const view of ['Connect', 'ConnectWallets', 'OnRampTokenSelect', 'OnRampFiatSelect', 'OnRampProviders'] as const) expect(footerFor(view)).toBe('legal')
  })
  test('rule: the default footer shows on Networks', () => {
    expect(footerFor('Networks')).toBe('default')
  })
  test('other views have no footer', () => {
    expect(footerFor('Account')).toBeNull()
    expect(footerFor('ConnectingExternal')).toBeNull()
  })
})
