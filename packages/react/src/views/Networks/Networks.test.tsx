// @vitest-environment jsdom
import { connectExternal, createPortico, desktopEnvironment, initialize, memoryStorage, openModal, type Portico } from '@portico/core'
import { act } from 'react'
import { expect, test } from 'vitest'
import { devnet, devnet2, fakeClock, ScriptedAdapter, solanaDevnet } from '../../../../core/src/test/fakes.js'
import { renderWithPortico } from '../../test/render.js'
import Networks from './Networks.js'

function render(portico: Portico) {
  return renderWithPortico(portico, <Networks />)
}

test('behavior: networks of two chain families are grouped under their names; a click on the other family opens SwitchActiveChain', async () => {
  const portico = createPortico({
    adapters: [new ScriptedAdapter('eip155'), new ScriptedAdapter('solana', [{ id: 'sol', name: 'Sol', type: 'ANNOUNCED', chain: 'solana' }])],
    networks: [devnet, devnet2, solanaDevnet],
    storage: memoryStorage(),
    clock: fakeClock(),
    environment: desktopEnvironment,
  })
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
  openModal(portico, { view: 'Networks' })
  const view = render(portico)
  const groups = [...view.querySelectorAll('section')].map((s) => [
    s.querySelector('h3')!.textContent,
    [...s.querySelectorAll('.name')].map((n) => n.textContent),
  ])
  expect(groups).toEqual([
    ['EVMConnected', ['Devnet', 'Devnet 2']],
    ['Solana', ['Solana Devnet']],
  ])
  await act(async () => (view.querySelector(`[data-testid="network-${solanaDevnet.caipNetworkId}"]`) as HTMLButtonElement).click())
  expect(portico.stores.router.getState().view).toBe('SwitchActiveChain')
})
