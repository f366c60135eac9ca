// @vitest-environment jsdom
import { createPortico, desktopEnvironment, memoryStorage, type CreatePorticoOptions } from '@portico/core'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, test } from 'vitest'
import { devnet, fakeClock, ScriptedAdapter } from '../../../../core/src/test/fakes.js'
import { PorticoContext } from '../../context.js'
import { AccountActions } from './AccountActions.js'
import { AccountTabs } from './AccountTabs.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let unmount: (() => void) | undefined
afterEach(() => unmount?.())

function render(options: Partial<CreatePorticoOptions>, Component: () => React.ReactNode) {
  const portico = createPortico({
    adapters: [new ScriptedAdapter('eip155')],
    networks: [devnet],
    storage: memoryStorage(),
    clock: fakeClock(),
    environment: desktopEnvironment,
    ...options,
  })
  const container = document.createElement('div')
  const root = createRoot(container)
  act(() =>
    root.render(
      <PorticoContext.Provider value={portico}>
        <Component />
      </PorticoContext.Provider>,
    ),
  )
  unmount = () => act(() => root.unmount())
  return container
}

describe('Account renders the host flags (rules in core)', () => {
  test('rule: with activity off the Activity tab is not rendered', () => {
    const tabs = (c: HTMLElement) => [...c.querySelectorAll('[role=tab]')].map((t) => t.textContent)
    expect(tabs(render({}, AccountTabs))).toEqual(['Tokens', 'NFTs', 'Activity'])
    unmount?.()
    expect(tabs(render({ remoteFeatures: { activity: false } }, AccountTabs))).toEqual(['Tokens', 'NFTs'])
  })

  test('rule: enableNetworkSwitch off shows the network without a control to switch it', () => {
    const on = render({}, AccountActions)
    expect(on.querySelector('button[data-testid=account-network]')).not.toBeNull()
    unmount?.()
    const off = render({ enableNetworkSwitch: false }, AccountActions)
    expect(off.querySelector('[data-testid=account-network]')).toBeNull()
    expect(off.querySelector('[data-testid=account-network-fixed]')?.textContent).toContain(devnet.name)
  })
})
