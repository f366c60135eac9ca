import { describe, expect, test } from 'vitest'
import { connectorsForNamespace } from '../connectorList.js'
import { memoryStorage } from '../environment.js'
import { createPortico } from '../createPortico.js'
import { desktopEnvironment } from '../environment.js'
import { devnet, devnet2, fakeClock, ScriptedAdapter, solanaDevnet } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { getMergedConnectors, initialize } from './initialize.js'
import { openModal } from './openModal.js'
import { selectNetwork } from './selectNetwork.js'
import { switchActiveChain } from './switchActiveChain.js'
import { switchNetwork } from './switchNetwork.js'

const SOL_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/** An EVM and a Solana adapter, each with its own wallet, on one storage (a reload reuses it). */
function twoFamilies(storage = memoryStorage()) {
  const evm = new ScriptedAdapter('eip155')
  const sol = new ScriptedAdapter('solana', [{ id: 'sol-wallet', name: 'Sol Wallet', type: 'ANNOUNCED', chain: 'solana' }])
  const solResult = async () => ({
    connectorId: 'sol-wallet',
    accounts: [{ address: SOL_ADDRESS, type: 'eoa' as const }],
    caipNetworkId: solanaDevnet.caipNetworkId,
  })
  sol.connectResult = solResult
  sol.reconnectResult = solResult
  const portico = createPortico({
    adapters: [evm, sol],
    networks: [devnet, devnet2, solanaDevnet],
    storage,
    clock: fakeClock(),
    environment: desktopEnvironment,
  })
  return { portico, evm, sol, storage }
}

async function evmConnected() {
  const t = twoFamilies()
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  return t
}

describe('SwitchActiveChain', () => {
  test('rule: a network of a family with no wallet, while another family is connected, opens SwitchActiveChain', async () => {
    const { portico, sol } = await evmConnected()
    openModal(portico, { view: 'Networks' })
    await selectNetwork(portico, { caipNetworkId: solanaDevnet.caipNetworkId })
    expect(portico.stores.router.getState()).toMatchObject({ view: 'SwitchActiveChain', data: { caipNetworkId: solanaDevnet.caipNetworkId } })
    // Nothing changed yet: EVM stays active and connected, no wallet was asked.
    expect(portico.stores.network.getState()).toMatchObject({ activeNamespace: 'eip155', caipNetwork: devnet })
    expect(sol.calls).toEqual([])
  })

  test('default: connecting a wallet of that family from its list adds a second connection and makes it active', async () => {
    const { portico, evm, sol, storage } = await evmConnected()
    openModal(portico, { view: 'Networks' })
    await selectNetwork(portico, { caipNetworkId: solanaDevnet.caipNetworkId })
    switchActiveChain(portico, { caipNetworkId: solanaDevnet.caipNetworkId })
    const { view, data } = portico.stores.router.getState()
    expect(view).toBe('ConnectWallets')
    expect(data).toMatchObject({ namespace: 'solana' })
    // Only wallets that can connect Solana are listed.
    expect(connectorsForNamespace(getMergedConnectors(portico), 'solana').map((c) => c.id)).toEqual(['sol-wallet'])

    await connectExternal(portico, { connectorId: 'sol-wallet', ...(data as object) })
    expect(sol.calls).toEqual(['connect:sol-wallet'])
    expect(evm.calls).toEqual(['connect:dev.portico.testwallet'])
    expect(portico.stores.network.getState()).toMatchObject({ activeNamespace: 'solana', caipNetwork: solanaDevnet })
    expect(portico.stores.connections.getState().activeConnectorIds).toEqual({ eip155: 'dev.portico.testwallet', solana: 'sol-wallet' })
    expect(portico.stores.account.getState().byNamespace.solana?.caipAddress).toBe(`${solanaDevnet.caipNetworkId}:${SOL_ADDRESS}`)
    expect(storage.getItem('@portico/active_namespace')).toContain('solana')
  })

  test('rule: a network of another connected family makes that family active without asking its wallet to switch', async () => {
    const { portico, evm, sol } = await evmConnected()
    await connectExternal(portico, { connectorId: 'sol-wallet' })
    openModal(portico, { view: 'Networks' })
    await selectNetwork(portico, { caipNetworkId: devnet.caipNetworkId })
    expect(portico.stores.network.getState()).toMatchObject({ activeNamespace: 'eip155', caipNetwork: devnet })
    expect(portico.stores.router.getState().view).toBe('Account')
    await selectNetwork(portico, { caipNetworkId: solanaDevnet.caipNetworkId })
    expect(portico.stores.network.getState()).toMatchObject({ activeNamespace: 'solana', caipNetwork: solanaDevnet })
    expect([...evm.calls, ...sol.calls].filter((c) => c.startsWith('switch:'))).toEqual([])
    // Another EVM network still asks the EVM wallet, and EVM becomes active again.
    await selectNetwork(portico, { caipNetworkId: devnet2.caipNetworkId })
    expect(evm.calls).toContain('switch:eip155:31338')
    expect(portico.stores.network.getState()).toMatchObject({ activeNamespace: 'eip155', caipNetwork: devnet2 })
  })

  test('rule: a wallet of another family connected while nothing covers the active one makes its family active', async () => {
    const { portico } = twoFamilies()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'sol-wallet' })
    expect(portico.stores.network.getState()).toMatchObject({ activeNamespace: 'solana', caipNetwork: solanaDevnet })
  })

  test('rule: the stored active family survives a reload when both reconnect', async () => {
    const first = await evmConnected()
    await connectExternal(first.portico, { connectorId: 'sol-wallet' })
    const reloaded = twoFamilies(first.storage)
    await initialize(reloaded.portico)
    expect(reloaded.portico.stores.connections.getState().activeConnectorIds).toEqual({ eip155: 'dev.portico.testwallet', solana: 'sol-wallet' })
    expect(reloaded.portico.stores.network.getState()).toMatchObject({ activeNamespace: 'solana', caipNetwork: solanaDevnet })
    expect(reloaded.portico.stores.account.getState().byNamespace.eip155?.address).toBeDefined()
  })

  test('behavior: when the active family does not come back after a reload, a family that did becomes active', async () => {
    const first = await evmConnected()
    await connectExternal(first.portico, { connectorId: 'sol-wallet' })
    const reloaded = twoFamilies(first.storage)
    reloaded.sol.reconnectResult = async () => null
    await initialize(reloaded.portico)
    expect(reloaded.portico.stores.network.getState()).toMatchObject({ activeNamespace: 'eip155', caipNetwork: devnet })
  })

  test("rule: APKTW001 'Inactive Namespace Not Connected' when the host switches to a family with no wallet; cleared back on a connected one", async () => {
    const { portico } = await evmConnected()
    await switchNetwork(portico, { caipNetworkId: solanaDevnet.caipNetworkId })
    expect(portico.stores.network.getState()).toMatchObject({ activeNamespace: 'solana', caipNetwork: solanaDevnet })
    expect(portico.stores.project.getState().alert).toMatchObject({ code: 'APKTW001', message: 'Inactive Namespace Not Connected' })
    await switchNetwork(portico, { caipNetworkId: devnet.caipNetworkId })
    expect(portico.stores.project.getState().alert).toBeUndefined()
  })

  test("error: an unknown network is 'Network Not Found' (APKT001)", async () => {
    const { portico } = await evmConnected()
    expect(() => switchActiveChain(portico, { caipNetworkId: 'solana:unknown' })).toThrow('Network Not Found')
  })
})
