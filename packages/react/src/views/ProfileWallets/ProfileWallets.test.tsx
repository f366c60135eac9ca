// @vitest-environment jsdom
import { connectExternal, initialize } from '@portico/core'
import { act } from 'react'
import { expect, test } from 'vitest'
import { bitcoinRegtest, devnet, ScriptedAdapter, testPortico } from '../../../../core/src/test/fakes.js'
import { renderWithPortico } from '../../test/render.js'
import ProfileWallets from './ProfileWallets.js'

const PAYMENT = 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk'

test('behavior: with wallets of several chain families, each section is headed and named by the family (EVM, Bitcoin), not its namespace', async () => {
  const bitcoin = new ScriptedAdapter('bip122', [{ id: 'btc.wallet', name: 'A Bitcoin Wallet', type: 'ANNOUNCED', chain: 'bip122' }])
  bitcoin.connectResult = async () => ({
    connectorId: 'btc.wallet',
    accounts: [{ address: PAYMENT, type: 'payment' as const }],
    caipNetworkId: bitcoinRegtest.caipNetworkId,
  })
  const { portico } = testPortico({ adapters: [new ScriptedAdapter('eip155'), bitcoin], networks: [devnet, bitcoinRegtest] })
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'dev.portico.testwallet', namespace: 'eip155' })
  await connectExternal(portico, { connectorId: 'btc.wallet', namespace: 'bip122' })
  const container = renderWithPortico(portico, <ProfileWallets />)
  await act(() => new Promise((r) => setTimeout(r, 0)))
  const sections = [...container.querySelectorAll('section')]
  expect(sections.map((s) => [s.getAttribute('aria-label'), s.querySelector('h3')?.textContent])).toEqual([
    ['EVM', 'EVM'],
    ['Bitcoin', 'Bitcoin'],
  ])
})
