import { describe, expect, test, vi } from 'vitest'
import { connectWalletConnect } from '../actions/connectWalletConnect.js'
import { initialize } from '../actions/initialize.js'
import { openModal } from '../actions/openModal.js'
import { desktopEnvironment } from '../environment.js'
import { StorageKeys } from '../storage.js'
import { ADDRESS, testPortico } from '../test/fakes.js'
import type { WalletConnectClient } from '../walletconnectClient.js'

/** A paired client whose wallet requests the test sends by hand. */
function pairedClient() {
  const listeners = new Set<(method: string) => void>()
  const client: WalletConnectClient = {
    connect: async ({ onUri }) => (onUri('wc:topic@2?relay-protocol=irn&symKey=k'), { namespaces: ['eip155'], peer: { name: 'Rainbow' } }),
    restore: async () => null,
    disconnect: async () => {},
    providerFor: () => ({}),
    onSessionEnd: () => () => {},
    onWalletRequest: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
  }
  return { client, listeners, send: (method: string) => listeners.forEach((l) => l(method)) }
}

async function pairOn(isMobile: boolean) {
  const wc = pairedClient()
  const opened: string[] = []
  const t = testPortico({
    walletConnect: { load: async () => wc.client },
    environment: { ...desktopEnvironment, isMobile: () => isMobile, openUrl: (href) => void opened.push(href) },
  })
  t.adapter.addConnector = () => {}
  t.adapter.connectResult = async () => ({ connectorId: 'walletConnect', accounts: [{ address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:31337' })
  await initialize(t.portico)
  openModal(t.portico)
  await connectWalletConnect(t.portico, { wallet: { id: 'rainbow', name: 'Rainbow', mobile_link: 'rainbow:' } })
  // The redirect rule loads beside the client (not in the first load).
  await vi.waitFor(() => expect(wc.listeners.size).toBe(1))
  return { ...t, wc, opened }
}

describe('WalletConnect mobile redirect', () => {
  test('default: on a phone, a signing request opens the wallet app the user paired with', async () => {
    const { wc, opened, storage } = await pairOn(true)
    expect(JSON.parse(storage.getItem(StorageKeys.deepLinkChoice)!)).toEqual({ name: 'Rainbow', href: 'rainbow://' })
    wc.send('personal_sign')
    wc.send('eth_sendTransaction')
    expect(opened).toEqual(['rainbow://', 'rainbow://'])
  })

  test('behavior: reads do not leave the page', async () => {
    const { wc, opened } = await pairOn(true)
    wc.send('eth_call')
    wc.send('wallet_getCapabilities')
    expect(opened).toEqual([])
  })

  test('behavior: on desktop (QR scanned with a phone) nothing opens and no choice is stored', async () => {
    const { wc, opened, storage } = await pairOn(false)
    wc.send('personal_sign')
    expect(opened).toEqual([])
    expect(storage.getItem(StorageKeys.deepLinkChoice)).toBeNull()
  })
})
