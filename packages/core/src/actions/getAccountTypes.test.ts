import { describe, expect, test } from 'vitest'
import { AUTH_CONNECTOR_ID } from '../embedded/authConnector.js'
import { getAccount } from '../stores/account.js'
import { bitcoinRegtest, ScriptedAdapter, testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { getAccountTypes } from './getAccountTypes.js'
import { initialize } from './initialize.js'
import { selectAccountType } from './selectAccountType.js'
import { setConnection } from './internal/setConnection.js'

const PAYMENT = 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk'
const ORDINAL = 'bcrt1p8wpt9v4frpf3tkn0srd97pksgsxc5hs52lafxwru9kgeephvs7rqjeprhg'

/** A Bitcoin wallet answering its payment address (index 0) then its ordinal address (index 1). */
async function bitcoinWallet(connectorType: 'ANNOUNCED' | 'AUTH' = 'ANNOUNCED') {
  const connectorId = connectorType === 'AUTH' ? AUTH_CONNECTOR_ID : 'dev.portico.bitcoin'
  const adapter = new ScriptedAdapter('bip122', [{ id: connectorId, name: 'Bitcoin Wallet', type: connectorType, chain: 'bip122' }])
  const result = () => ({
    connectorId,
    accounts: [
      { address: PAYMENT, type: 'payment' as const },
      { address: ORDINAL, type: 'ordinal' as const },
    ],
    caipNetworkId: bitcoinRegtest.caipNetworkId,
  })
  adapter.connectResult = async () => result()
  adapter.reconnectResult = async () => result()
  const t = testPortico({ adapters: [adapter], networks: [bitcoinRegtest] })
  await initialize(t.portico)
  if (connectorType === 'AUTH') setConnection(t.portico, 'bip122', result())
  else await connectExternal(t.portico, { connectorId })
  return { ...t, adapter }
}

describe('SPEC §3 Bitcoin accounts: payment (index 0) and ordinal (index 1)', () => {
  test('default: the payment address is in use, SPEC §6 payment is the default type', async () => {
    const { portico } = await bitcoinWallet()
    expect(getAccountTypes(portico)).toMatchObject({
      accounts: [
        { type: 'payment', address: PAYMENT },
        { type: 'ordinal', address: ORDINAL },
      ],
      current: 'payment',
      defaultType: 'payment',
    })
    expect(getAccount(portico)).toMatchObject({ address: PAYMENT, preferredAccountType: 'payment' })
  })

  test('behavior: choosing ordinal asks the wallet again (no prompt) and makes its address current; the order stays', async () => {
    const { portico, adapter } = await bitcoinWallet()
    await selectAccountType(portico, { type: 'ordinal' })
    expect(adapter.calls).toContain('reconnect:dev.portico.bitcoin')
    expect(getAccount(portico)).toMatchObject({ address: ORDINAL, caipAddress: `${bitcoinRegtest.caipNetworkId}:${ORDINAL}`, preferredAccountType: 'ordinal' })
    expect(getAccountTypes(portico)).toMatchObject({ current: 'ordinal', accounts: [{ type: 'payment' }, { type: 'ordinal' }] })
    await selectAccountType(portico, { type: 'payment' })
    expect(getAccount(portico).address).toBe(PAYMENT)
  })

  test('behavior: the embedded wallet (AUTH) switches between the addresses it already gave, without a reconnect', async () => {
    const { portico, adapter } = await bitcoinWallet('AUTH')
    await selectAccountType(portico, { type: 'ordinal' })
    expect(adapter.calls.filter((c) => c.startsWith('reconnect'))).toEqual([])
    expect(getAccount(portico)).toMatchObject({ address: ORDINAL, preferredAccountType: 'ordinal' })
  })

  test('rule: the host’s default account type wins over SPEC §6’s', async () => {
    const { portico } = await bitcoinWallet()
    Object.assign(portico.options, { defaultAccountTypes: { bip122: 'ordinal' } })
    expect(getAccountTypes(portico)?.defaultType).toBe('ordinal')
  })

  test('behavior: a connection of one address type (EVM, Solana) has no type choice', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    expect(getAccountTypes(portico)).toBeUndefined()
  })
})
