import { describe, expect, test } from 'vitest'
import { DefaultRemoteFeatures } from '../spec/defaults.js'
import { ADDRESS, ScriptedAdapter, testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { clearConnection } from './internal/clearConnection.js'
import { getAccount } from '../stores/account.js'
import { getActiveConnectorId } from '../stores/connections.js'
import { initialize } from './initialize.js'
import { switchConnection } from './switchConnection.js'
import { getWalletConnections } from './getWalletConnections.js'

const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Two browser wallets; both connected, the second one current. */
async function twoWallets(multiWallet = true) {
  const adapter = new ScriptedAdapter('eip155', [
    { id: 'wallet.a', name: 'Wallet A', type: 'ANNOUNCED', chain: 'eip155' },
    { id: 'wallet.b', name: 'Wallet B', type: 'ANNOUNCED', chain: 'eip155' },
  ])
  const accounts: Record<string, string[]> = { 'wallet.a': [ADDRESS], 'wallet.b': [SECOND, ADDRESS] }
  const result = (connectorId: string) => ({
    connectorId,
    accounts: accounts[connectorId]!.map((address) => ({ address, type: 'eoa' as const })),
    caipNetworkId: 'eip155:31337' as const,
  })
  adapter.connect = async ({ connectorId }) => (adapter.calls.push(`connect:${connectorId}`), result(connectorId))
  adapter.reconnect = async ({ connectorId }) => (adapter.calls.push(`reconnect:${connectorId}`), result(connectorId))
  const t = testPortico({ adapters: [adapter] })
  t.portico.stores.project.setState({ remoteFeatures: { ...DefaultRemoteFeatures, multiWallet } })
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'wallet.a' })
  await connectExternal(t.portico, { connectorId: 'wallet.b' })
  return { ...t, adapter }
}

describe('SPEC §4 Switching between connections', () => {
  test('rule: each connection has a status connected (the active connector), active or disconnected', async () => {
    const { portico } = await twoWallets()
    expect(getWalletConnections(portico).map((c) => [c.connectorId, c.status])).toEqual([
      ['wallet.a', 'active'],
      ['wallet.b', 'connected'],
    ])
    clearConnection(portico, 'eip155', 'wallet.b')
    expect(getWalletConnections(portico).map((c) => [c.connectorId, c.status])).toEqual([
      ['wallet.a', 'active'],
      ['wallet.b', 'disconnected'],
    ])
  })

  test('rule: without multiWallet only the active connector’s connections show', async () => {
    const { portico } = await twoWallets(false)
    expect(getWalletConnections(portico).map((c) => c.connectorId)).toEqual(['wallet.b'])
  })

  test('rule: an active connection reconnects via its connector; the callback reports the wallet and account changed', async () => {
    const { portico, adapter } = await twoWallets()
    const changes: unknown[] = []
    await switchConnection(portico, { connection: { namespace: 'eip155', connectorId: 'wallet.a', status: 'active' }, onChange: (c) => changes.push(c) })
    expect(adapter.calls).toContain('reconnect:wallet.a')
    expect(getActiveConnectorId(portico)).toBe('wallet.a')
    expect(getAccount(portico).address).toBe(ADDRESS)
    expect(changes).toEqual([{ hasSwitchedAccount: true, hasSwitchedWallet: true }])
  })

  test('rule: switching account within the connected wallet reports an account change only', async () => {
    const { portico } = await twoWallets()
    const changes: unknown[] = []
    await switchConnection(portico, {
      connection: { namespace: 'eip155', connectorId: 'wallet.b', status: 'connected' },
      address: ADDRESS,
      onChange: (c) => changes.push(c),
    })
    expect(getAccount(portico).address).toBe(ADDRESS)
    expect(changes).toEqual([{ hasSwitchedAccount: true, hasSwitchedWallet: false }])
  })

  test('rule: a disconnected connection reconnects through its connect flow', async () => {
    const { portico, adapter } = await twoWallets()
    clearConnection(portico, 'eip155', 'wallet.b')
    const changes: unknown[] = []
    await switchConnection(portico, { connection: { namespace: 'eip155', connectorId: 'wallet.b', status: 'disconnected' }, onChange: (c) => changes.push(c) })
    expect(adapter.calls.at(-1)).toBe('connect:wallet.b')
    expect(getActiveConnectorId(portico)).toBe('wallet.b')
    expect(changes).toEqual([{ hasSwitchedAccount: true, hasSwitchedWallet: true }])
  })

  test("rule: any other status fails with 'Invalid connection status: {status}'", async () => {
    const { portico } = await twoWallets()
    await expect(switchConnection(portico, { connection: { namespace: 'eip155', connectorId: 'wallet.a', status: 'pending' } })).rejects.toThrow(
      'Invalid connection status: pending',
    )
  })
})
