import { beforeEach, describe, expect, test, vi } from 'vitest'
import { StorageKeys } from '../storage.js'
import { embeddedTestPortico, FRAME_ORIGIN } from '../test/fakeEmbedded.js'
import { connectSocial } from './connectSocial.js'
import { openModal } from './openModal.js'

const tracked = vi.hoisted(() => [] as string[])
vi.mock('./internal/track.js', async (original) => ({
  ...(await original<typeof import('./internal/track.js')>()),
  track: (_portico: unknown, event: string) => void tracked.push(event),
}))
beforeEach(() => void tracked.splice(0))
const tick = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0))
}

describe("SPEC §4 'Social login'", () => {
  test('default: the popup (600×800) opens synchronously on the secure origin, goes to the provider, and its result connects', async () => {
    const { portico, client, popups, storage } = embeddedTestPortico()
    openModal(portico)
    const done = connectSocial(portico, { provider: 'google' })
    // Synchronously, before any await: a browser blocks popups opened later.
    expect(popups).toHaveLength(1)
    expect(popups[0]).toMatchObject({ url: `${FRAME_ORIGIN}/social/loading`, size: { width: 600, height: 800 } })
    expect(portico.stores.router.getState().view).toBe('ConnectingSocial')
    await tick()
    expect(client.calls).toContain('GET_SOCIAL_REDIRECT_URI google')
    expect(popups[0]!.popup.urls).toEqual(['http://127.0.0.1:8790/auth?provider=google'])
    // The popup says only that the sign-in finished: no code or state reaches the host.
    client.sendSocialResult('done')
    await done
    expect(client.calls.filter((c) => c.startsWith('CONNECT_SOCIAL'))).toHaveLength(1)
    expect(popups[0]!.popup.closed).toBe(true)
    expect(portico.stores.connections.getState().activeConnectorIds.eip155).toBe('portico-auth')
    expect(storage.getItem(StorageKeys.connectedSocial)).toBe('"google"')
    expect(storage.getItem(StorageKeys.wallet.socialUsername)).toBe('"ada"')
    // SPEC §4: tracked events started, request user data, success.
    expect(tracked.filter((e) => e.startsWith('SOCIAL_'))).toEqual(['SOCIAL_LOGIN_STARTED', 'SOCIAL_LOGIN_REQUEST_USER_DATA', 'SOCIAL_LOGIN_SUCCESS'])
  })

  test("rule: the popup is polled every second for closure: 'Popup closed'", async () => {
    const { portico, popups, clock } = embeddedTestPortico()
    openModal(portico)
    const done = connectSocial(portico, { provider: 'github' })
    await tick()
    popups[0]!.popup.closed = true
    clock.advance(999)
    await tick()
    expect(portico.stores.embedded.getState().socialStatus).toBe('popup')
    clock.advance(1)
    await expect(done).rejects.toThrow('Popup closed')
    expect(portico.stores.embedded.getState()).toMatchObject({ socialStatus: 'error', error: { key: 'error.popupClosed' } })
    expect(tracked).toContain('SOCIAL_LOGIN_ERROR')
  })

  test("error: no redirect URI from the frame is 'Failed to initiate social connection'", async () => {
    const { portico, client, popups } = embeddedTestPortico()
    client.getSocialRedirectUri = async () => {
      throw new Error('provider not configured')
    }
    await expect(connectSocial(portico, { provider: 'x' })).rejects.toThrow('Failed to initiate social connection')
    expect(popups[0]!.popup.closed).toBe(true)
  })

  test("error: a blocked popup is 'Failed to initiate social connection'", async () => {
    const { portico } = embeddedTestPortico({ environment: { openPopup: () => null } as never })
    await expect(connectSocial(portico, { provider: 'discord' })).rejects.toThrow('Failed to initiate social connection')
  })

  test("error: a result the frame cannot connect is 'Failed to connect'", async () => {
    const { portico, client } = embeddedTestPortico()
    client.connectSocial = async () => {
      throw new Error('state mismatch')
    }
    const done = connectSocial(portico, { provider: 'google' })
    await tick()
    client.sendSocialResult('done')
    await expect(done).rejects.toThrow('Failed to connect')
    expect(portico.stores.connections.getState().status).toBe('disconnected')
    expect(tracked).toContain('SOCIAL_LOGIN_ERROR')
  })

  test("error: the popup reports a sign-in that failed at the provider: 'Failed to connect', no CONNECT_SOCIAL", async () => {
    const { portico, client } = embeddedTestPortico()
    const done = connectSocial(portico, { provider: 'google' })
    await tick()
    client.sendSocialResult('error')
    await expect(done).rejects.toThrow('Failed to connect')
    expect(client.calls.some((c) => c.startsWith('CONNECT_SOCIAL'))).toBe(false)
  })
})
