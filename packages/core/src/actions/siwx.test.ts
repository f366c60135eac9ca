import { describe, expect, test } from 'vitest'
import type { SIWXConfig, SIWXSession } from '../siwx/config.js'
import { formatSiwxMessage } from '../spec/siwx.js'
import { testPortico } from '../test/fakes.js'
import { cancelSiwx } from './cancelSiwx.js'
// afterConnect loads checkSiwx on demand: loaded here first, the one-tick waits below wait for the rule, not for a module load.
import './checkSiwx.js'
import { closeModal } from './closeModal.js'
import { connectExternal } from './connectExternal.js'
import { disconnect } from './disconnect.js'
import { initialize } from './initialize.js'
import { signInWithWallet } from './signInWithWallet.js'

/** An in-memory sign-in configuration: core's rules around it are what these tests check. */
function memorySiwx(required: boolean, fail: { getSessions?: boolean } = {}) {
  const sessions: SIWXSession[] = []
  const revoked: string[] = []
  const config: SIWXConfig = {
    async createMessage({ accountAddress, chainId }) {
      const data = {
        accountAddress,
        chainId,
        domain: 'site.example',
        uri: 'https://site.example',
        version: '1',
        nonce: 'abcdefgh12',
        issuedAt: new Date(0).toISOString(),
      }
      return { data, text: formatSiwxMessage(data) }
    },
    addSession: async (s) => void sessions.push(s),
    revokeSession: async (chainId, address) => void revoked.push(`${chainId}:${address}`),
    setSessions: async () => {},
    getSessions: async (chainId) => {
      if (fail.getSessions) throw new Error('server down')
      return sessions.filter((s) => s.data.chainId === chainId)
    },
    getRequired: () => required,
  }
  return { config, sessions, revoked }
}

async function setup(required = true, fail = {}) {
  const siwx = memorySiwx(required, fail)
  const t = testPortico({ siwx: siwx.config })
  t.adapter.signMessage = async ({ message }) => `0xsigned:${message.length}`
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  await new Promise((r) => setTimeout(r, 0))
  return { ...t, siwx }
}

describe("SPEC §4 'Wallet sign-in'", () => {
  test('rule: on connect without a stored session, SIWXSignMessage opens', async () => {
    const { portico } = await setup()
    expect(portico.stores.modal.getState().open).toBe(true)
    expect(portico.stores.router.getState().view).toBe('SIWXSignMessage')
  })

  test('rule: with email capture on, DataCapture opens', async () => {
    const siwx = memorySiwx(false)
    const { portico, adapter } = testPortico({ siwx: siwx.config, remoteFeatures: { emailCapture: true } })
    adapter.signMessage = async () => '0x'
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    await new Promise((r) => setTimeout(r, 0))
    expect(portico.stores.router.getState().view).toBe('DataCapture')
  })

  test('rule: sign creates the message, signs it, adds the session and closes the modal', async () => {
    const { portico, siwx } = await setup()
    await signInWithWallet(portico)
    expect(siwx.sessions).toHaveLength(1)
    expect(siwx.sessions[0]!.message).toContain('wants you to sign in with your Ethereum account')
    expect(portico.stores.modal.getState().open).toBe(false)
    expect(portico.stores.siwx.getState()).toMatchObject({ status: 'signed', hasSession: true })
  })

  test("rule: a signing failure keeps SIWXSignMessage and shows 'Error signing message'", async () => {
    const { portico, adapter } = await setup()
    adapter.signMessage = async () => {
      throw new Error('user said no')
    }
    await expect(signInWithWallet(portico)).rejects.toThrow('Error signing message')
    expect(portico.stores.siwx.getState()).toMatchObject({ status: 'error', error: { key: 'siwxText.errorSigning' } })
    expect(portico.stores.router.getState().view).toBe('SIWXSignMessage')
    expect(portico.stores.snack.getState().message).toEqual({ key: 'siwxText.errorSigning' })
  })

  test("behavior: signing again hides the 'Error signing message' of the failed attempt", async () => {
    const { portico, adapter } = await setup()
    const sign = adapter.signMessage
    adapter.signMessage = async () => {
      throw new Error('user said no')
    }
    await expect(signInWithWallet(portico)).rejects.toThrow('Error signing message')
    expect(portico.stores.snack.getState().open).toBe(true)
    adapter.signMessage = sign
    await signInWithWallet(portico)
    expect(portico.stores.snack.getState().open).toBe(false)
  })

  test('rule: an initialization failure disconnects, resets to Connect and shows the text', async () => {
    const { portico } = await setup(true, { getSessions: true })
    expect(portico.stores.connections.getState().status).toBe('disconnected')
    expect(portico.stores.siwx.getState().error).toEqual({ key: 'siwxText.initFailed' })
    expect(portico.stores.router.getState().view).toBe('Connect')
    expect(portico.stores.snack.getState().message).toEqual({ key: 'siwxText.initFailed' })
  })

  test('rule: closing is disabled on SIWXSignMessage when sign-in is required and there are no sessions', async () => {
    const { portico } = await setup(true)
    closeModal(portico)
    expect(portico.stores.modal.getState().open).toBe(true)
    expect(portico.stores.modal.getState().shakeCount).toBe(1)
  })

  test('rule: cancel when sign-in is required and no session exists disconnects', async () => {
    const { portico } = await setup(true)
    await cancelSiwx(portico)
    expect(portico.stores.connections.getState().status).toBe('disconnected')
  })

  test('rule: cancel when sign-in is required switches back to the last signed-in network', async () => {
    const { portico } = await setup(true)
    await signInWithWallet(portico)
    const { switchNetwork } = await import('./switchNetwork.js')
    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    await new Promise((r) => setTimeout(r, 0))
    expect(portico.stores.router.getState().view).toBe('SIWXSignMessage')
    await cancelSiwx(portico)
    expect(portico.stores.network.getState().caipNetwork?.caipNetworkId).toBe('eip155:31337')
    expect(portico.stores.connections.getState().status).toBe('connected')
    expect(portico.stores.modal.getState().open).toBe(false)
  })

  test('rule: cancel when sign-in is not required just closes', async () => {
    const { portico } = await setup(false)
    await cancelSiwx(portico)
    expect(portico.stores.modal.getState().open).toBe(false)
    expect(portico.stores.connections.getState().status).toBe('connected')
  })

  test('rule: sign out on disconnect revokes the sessions', async () => {
    const { portico, siwx } = await setup(false)
    await signInWithWallet(portico)
    await disconnect(portico)
    expect(siwx.revoked).toEqual([`eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`])
  })

  test("error: 'SIWX is not enabled' without a configuration", async () => {
    const { portico } = testPortico()
    await expect(signInWithWallet(portico)).rejects.toThrow('SIWX is not enabled')
  })
})
