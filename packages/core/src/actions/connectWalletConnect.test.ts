import { describe, expect, test } from 'vitest'
import { StorageKeys } from '../storage.js'
import { desktopEnvironment, memoryStorage } from '../environment.js'
import { createPortico } from '../createPortico.js'
import { ADDRESS, devnet, fakeClock, ScriptedAdapter, solanaDevnet, testPortico } from '../test/fakes.js'
import type { WalletConnectClient, WalletConnectSession } from '../walletconnectClient.js'
import { closeModal } from './closeModal.js'
import { connectWalletConnect } from './connectWalletConnect.js'
import { resetWcConnection } from './resetWcConnection.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'

/** A scripted pairing client: core's rules around it are what these tests check. */
function scriptedClient() {
  const uris: string[] = []
  let approve: ((s: WalletConnectSession) => void) | undefined
  const client: WalletConnectClient = {
    connect: ({ onUri }) =>
      new Promise((resolve) => {
        const uri = `wc:topic${uris.length + 1}@2?relay-protocol=irn&symKey=k`
        uris.push(uri)
        onUri(uri)
        approve = resolve
      }),
    restore: async () => null,
    disconnect: async () => {},
    providerFor: () => ({}),
    onSessionEnd: () => () => {},
  }
  return { client, uris, approve: (s: WalletConnectSession) => approve?.(s) }
}

async function setup(cache: 'always' | 'auto' | 'never' = 'auto') {
  const wc = scriptedClient()
  const t = testPortico({ walletConnect: { load: async () => wc.client, cache } })
  t.adapter.addConnector = () => {}
  await initialize(t.portico)
  openModal(t.portico)
  return { ...t, wc }
}
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('SPEC §4 WalletConnect pairing', () => {
  test('default: the URI shows on ConnectingWalletConnect and an approval connects the session', async () => {
    const { portico, wc, adapter } = await setup()
    const done = connectWalletConnect(portico)
    await tick()
    expect(portico.stores.router.getState().view).toBe('ConnectingWalletConnect')
    expect(portico.stores.walletConnect.getState().wcUri).toBe(wc.uris[0])
    adapter.connectResult = async () => ({ connectorId: 'walletConnect', accounts: [{ address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:31337' })
    wc.approve({ namespaces: ['eip155'], peer: { name: 'Test Wallet' } })
    await done
    expect(portico.stores.connections.getState().activeConnectorIds.eip155).toBe('walletConnect')
    expect(portico.storage.getConnectorId('eip155')).toBe('walletConnect')
    expect(portico.stores.modal.getState().open).toBe(false)
  })

  test('rule: an expired pairing (10 s or less left of 4 minutes) regenerates the URI', async () => {
    const { portico, wc, clock } = await setup()
    void connectWalletConnect(portico).catch(() => {})
    await tick()
    clock.advance(240_000 - 10_001)
    await tick()
    expect(wc.uris).toHaveLength(1)
    clock.advance(1)
    await tick()
    await tick()
    expect(wc.uris).toHaveLength(2)
    expect(portico.stores.walletConnect.getState().wcUri).toBe(wc.uris[1])
    expect(portico.stores.walletConnect.getState().wcPairingExpiry).toBe(clock.now() + 240_000)
  })

  test("rule: closing the modal during a pairing connect rejects with 'Modal closed'", async () => {
    const { portico } = await setup()
    const done = connectWalletConnect(portico)
    await tick()
    closeModal(portico)
    await expect(done).rejects.toThrow('Modal closed')
    expect(portico.stores.connections.getState().status).toBe('disconnected')
  })

  test("rule: with cache 'always' an unexpired pairing is reused, not regenerated", async () => {
    const { portico, wc } = await setup('always')
    void connectWalletConnect(portico).catch(() => {})
    await tick()
    closeModal(portico)
    await tick()
    // The pairing survives closing; opening again reuses it.
    portico.stores.walletConnect.setState({ wcUri: wc.uris[0], wcPairingExpiry: portico.clock.now() + 200_000 })
    openModal(portico)
    void connectWalletConnect(portico).catch(() => {})
    await tick()
    expect(portico.stores.walletConnect.getState().wcUri).toBe(wc.uris[0])
  })

  test('rule: reset clears URI, expiry, linking and recent wallet, sets disconnected, clears transactions and the stored deep link', async () => {
    const { portico, storage } = await setup()
    portico.stores.walletConnect.setState({
      wcUri: 'wc:x',
      wcPairingExpiry: 1,
      wcLinking: { name: 'm://', href: 'm://wc' },
      recentWallet: { id: 'a', name: 'A' },
    })
    portico.stores.router.setState({ transactionStack: [{}] })
    storage.setItem(StorageKeys.deepLinkChoice, '"m://"')
    resetWcConnection(portico)
    expect(portico.stores.walletConnect.getState()).toMatchObject({
      wcUri: undefined,
      wcPairingExpiry: undefined,
      wcLinking: undefined,
      recentWallet: undefined,
    })
    expect(portico.stores.connections.getState().status).toBe('disconnected')
    expect(portico.stores.router.getState().transactionStack).toEqual([])
    expect(storage.getItem(StorageKeys.deepLinkChoice)).toBeNull()
  })

  test('rule: a session without the active family (a Solana-only wallet on an EVM-first page) makes its family active', async () => {
    const wc = scriptedClient()
    const [evm, sol] = [new ScriptedAdapter('eip155'), new ScriptedAdapter('solana')]
    for (const adapter of [evm, sol]) adapter.addConnector = () => {}
    const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    sol.connectResult = async () => ({ connectorId: 'walletConnect', accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: solanaDevnet.caipNetworkId })
    const portico = createPortico({
      adapters: [evm, sol],
      networks: [devnet, solanaDevnet],
      storage: memoryStorage(),
      clock: fakeClock(),
      environment: desktopEnvironment,
      walletConnect: { load: async () => wc.client },
    })
    await initialize(portico)
    openModal(portico)
    expect(portico.stores.network.getState().activeNamespace).toBe('eip155')
    const done = connectWalletConnect(portico)
    await tick()
    wc.approve({ namespaces: ['solana'], peer: { name: 'Solana Wallet' } })
    await done
    expect(portico.stores.connections.getState().activeConnectorIds).toEqual({ solana: 'walletConnect' })
    expect(portico.stores.network.getState()).toMatchObject({ activeNamespace: 'solana', caipNetwork: solanaDevnet })
    expect(portico.stores.account.getState().byNamespace.solana?.address).toBe(SOL)
  })

  test("error: without a walletConnect option, 'WalletConnectConnector not found'", async () => {
    const { portico } = testPortico()
    await expect(connectWalletConnect(portico)).rejects.toThrow('WalletConnectConnector not found')
  })
})
