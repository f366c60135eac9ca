import { describe, expect, test } from 'vitest'
import { embeddedTestPortico } from '../test/fakeEmbedded.js'
import { connectFarcaster } from './connectFarcaster.js'
import { connectSocial } from './connectSocial.js'
import { goBack } from './goBack.js'
import { openModal } from './openModal.js'
import { push } from '../router.js'

const tick = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0))
}

describe("SPEC §4 'Social login': Farcaster", () => {
  test('default: ConnectingFarcaster shows the URL from the auth connector; approval connects', async () => {
    const { portico, client, popups } = embeddedTestPortico()
    openModal(portico)
    let approve!: () => void
    const connect = client.connectFarcaster.bind(client)
    client.connectFarcaster = () => new Promise((resolve) => (approve = () => resolve(connect())))
    const done = connectSocial(portico, { provider: 'farcaster' })
    expect(popups).toHaveLength(0) // no popup: a QR code
    expect(portico.stores.router.getState().view).toBe('ConnectingFarcaster')
    await tick()
    expect(portico.stores.connections.getState().farcasterUrl).toBe('https://farcaster.example/~/siwf?channelToken=abc')
    approve()
    await done
    expect(portico.stores.connections.getState()).toMatchObject({ farcasterUrl: undefined, activeConnectorIds: { eip155: 'portico-auth' } })
  })

  test("rule: going back while disconnected rejects with 'Popup closed', clears the URL and reloads the auth connector after 100 ms", async () => {
    const { portico, client, clock } = embeddedTestPortico()
    openModal(portico)
    client.connectFarcaster = () => new Promise(() => {})
    const done = connectFarcaster(portico)
    await tick()
    goBack(portico)
    await expect(done).rejects.toThrow('Popup closed')
    expect(portico.stores.connections.getState().farcasterUrl).toBeUndefined()
    expect(client.calls).not.toContain('RELOAD')
    clock.advance(100)
    await tick()
    expect(client.calls).toContain('RELOAD')
  })

  test("error: a failed Farcaster sign-in is 'Failed to connect to farcaster'", async () => {
    const { portico, client } = embeddedTestPortico()
    openModal(portico)
    push(portico.stores.router, 'Connect')
    client.getFarcasterUri = async () => {
      throw new Error('relay down')
    }
    await expect(connectFarcaster(portico)).rejects.toThrow('Failed to connect to farcaster')
    expect(portico.stores.embedded.getState().error).toEqual({ key: 'error.failedToConnectFarcaster' })
  })
})
