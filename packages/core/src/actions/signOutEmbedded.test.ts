import { describe, expect, test } from 'vitest'
import { StorageKeys } from '../storage.js'
import { ADDRESS } from '../test/fakes.js'
import { EMBEDDED_ADDRESS, embeddedTestPortico, fakeEmbeddedClient } from '../test/fakeEmbedded.js'
import { connectEmail } from './connectEmail.js'
import { disconnect } from './disconnect.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'
import { verifyOtp } from './verifyOtp.js'

const tick = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0))
}

async function signedIn(client = fakeEmbeddedClient()) {
  const t = embeddedTestPortico({}, client)
  await initialize(t.portico)
  openModal(t.portico)
  await connectEmail(t.portico, { email: 'ada@example.com' })
  await verifyOtp(t.portico, { otp: '123456' })
  return t
}

describe("SPEC §4 'Embedded wallet frame'", () => {
  test('rule: disconnect clears the cache at once and waits at most 3 s for sign-out', async () => {
    const client = fakeEmbeddedClient()
    const { portico, storage, clock } = await signedIn(client)
    client.signOut = () => new Promise(() => {}) // the frame never answers
    const done = disconnect(portico)
    let finished = false
    void done.then(() => (finished = true))
    await tick()
    expect(storage.getItem(StorageKeys.wallet.loginUsed)).toBeNull()
    expect(storage.getItem(StorageKeys.wallet.email)).toBeNull()
    clock.advance(2_999)
    await tick()
    expect(finished).toBe(false)
    clock.advance(1)
    await done
    expect(portico.stores.connections.getState().status).toBe('disconnected')
  })

  test('rule: when the last auth connection goes, the frame signs out', async () => {
    const { portico, client } = await signedIn()
    await disconnect(portico)
    expect(client.calls).toContain('SIGN_OUT')
  })

  test('rule: when the frame reports not connected, the stored login cache is cleared', async () => {
    const { portico, client, storage } = await signedIn()
    client.emit({ type: 'notConnected' })
    expect(storage.getItem(StorageKeys.wallet.loginUsed)).toBeNull()
    expect(portico.stores.connections.getState().activeConnectorIds.eip155).toBeUndefined()
  })

  test('behavior: after a reload with the login-used flag the frame loads and the auth connector reconnects', async () => {
    const first = await signedIn()
    // A new page: same storage, a frame whose session is still alive.
    const client = fakeEmbeddedClient()
    client.setUser({ email: 'ada@example.com', address: EMBEDDED_ADDRESS, chainId: 31337 })
    const again = embeddedTestPortico({ storage: first.storage }, client)
    again.adapter.reconnectResult = async () => ({
      connectorId: 'portico-auth',
      accounts: [{ address: EMBEDDED_ADDRESS, type: 'eoa' }],
      caipNetworkId: 'eip155:31337',
    })
    await initialize(again.portico)
    expect(again.loader.loads).toHaveLength(1)
    expect(again.added).toEqual(['portico-auth:AUTH'])
    expect(again.adapter.calls).toContain('reconnect:portico-auth')
    expect(again.portico.stores.account.getState().byNamespace.eip155?.address).toBe(EMBEDDED_ADDRESS)
  })

  test('behavior: a dead session after reload clears the cache; without the flag the frame never loads', async () => {
    const first = await signedIn()
    const client = fakeEmbeddedClient() // no session
    const again = embeddedTestPortico({ storage: first.storage }, client)
    again.adapter.reconnectResult = async () => null
    await initialize(again.portico)
    expect(client.calls).toContain('IS_CONNECTED')
    expect(first.storage.getItem(StorageKeys.wallet.loginUsed)).toBeNull()

    const fresh = embeddedTestPortico()
    fresh.adapter.reconnectResult = async () => ({
      connectorId: 'dev.portico.testwallet',
      accounts: [{ address: ADDRESS, type: 'eoa' }],
      caipNetworkId: 'eip155:31337',
    })
    await initialize(fresh.portico)
    expect(fresh.loader.loads).toHaveLength(0)
  })
})
