import { describe, expect, test } from 'vitest'
import { embeddedTestPortico, fakeEmbeddedClient } from '../test/fakeEmbedded.js'
import { devnet, devnet2, solanaDevnet, testPortico } from '../test/fakes.js'
import { goBack } from './goBack.js'
import { loadEmbeddedWallet } from './loadEmbeddedWallet.js'
import { openModal } from './openModal.js'
import { closeModal } from './closeModal.js'
import { setThemeMode } from './setThemeMode.js'
import { push } from '../router.js'

const tick = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0))
}

describe('loading the embedded wallet', () => {
  test('default: loads once with SPEC §7 query params; theme mode and dapp data are synced', async () => {
    const { portico, loader, client } = embeddedTestPortico({ projectId: 'p1', themeMode: 'light', debug: true })
    await Promise.all([loadEmbeddedWallet(portico), loadEmbeddedWallet(portico)])
    expect(loader.loads).toHaveLength(1)
    expect(loader.loads[0]).toMatchObject({ projectId: 'p1', chainId: 31337, version: '4.0.0', enableLogger: true, rpcUrl: 'http://127.0.0.1:8545' })
    await tick()
    expect(client.calls).toEqual(['SYNC_THEME light', 'SYNC_LOCALE en', 'SYNC_DAPP_DATA p1'])
    expect(portico.stores.embedded.getState().frameStatus).toBe('ready')
  })

  test("behavior: the frame's chains are the host's networks of each family it has an adapter for", async () => {
    // A Solana network without a Solana adapter: the frame serves no Solana account.
    const { portico, loader } = embeddedTestPortico({ networks: [devnet, devnet2, solanaDevnet] })
    await loadEmbeddedWallet(portico)
    expect(loader.loads[0]!.chains).toEqual({ eip155: ['eip155:31337', 'eip155:31338'] })
  })

  test("issue 19 Languages: the modal's locale is sent to the frame (a code only; the frame's screens speak it)", async () => {
    const { portico, client } = embeddedTestPortico({ projectId: 'p1', locale: 'ar' })
    await loadEmbeddedWallet(portico)
    await tick()
    expect(client.calls).toContain('SYNC_LOCALE ar')
  })

  test("rule: SPEC §4 'Theme' — a change of theme mode is synced to the auth connector", async () => {
    const { portico, client } = embeddedTestPortico()
    await loadEmbeddedWallet(portico)
    setThemeMode(portico, { themeMode: 'light' })
    expect(client.calls).toContain('SYNC_THEME light')
  })

  test('error: SPEC §8 — iframe_load_failed shows APKT003, iframe_request_timeout APKT004', async () => {
    const { portico, loader } = embeddedTestPortico()
    loader.load = async (parameters) => {
      parameters.onError('iframe_load_failed', new Error('The wallet frame did not load within 20 s'))
      throw new Error('The wallet frame did not load within 20 s')
    }
    await expect(loadEmbeddedWallet(portico)).rejects.toThrow('Unable to load email login dependency')
    expect(portico.stores.project.getState().alert?.message).toBe('Network Error: Wallet Load Failed')
    expect(portico.stores.embedded.getState().frameStatus).toBe('failed')

    const other = embeddedTestPortico()
    other.loader.load = async (parameters) => {
      parameters.onError('iframe_request_timeout', new Error('GET_USER timed out'))
      return fakeEmbeddedClient()
    }
    await loadEmbeddedWallet(other.portico)
    expect(other.portico.stores.project.getState().alert?.message).toBe('Wallet Request Timeout')
  })

  test('issue 28: a frame that cannot use storage fails the load at once — APKT003 and the reason in the store; Retry loads a new frame', async () => {
    const { portico, loader, client } = embeddedTestPortico()
    const real = loader.load
    loader.load = async (parameters) => {
      parameters.onStartFailed?.({ reason: 'storage' })
      throw new Error('The wallet frame cannot use storage in this browser')
    }
    await expect(loadEmbeddedWallet(portico)).rejects.toThrow('Unable to load email login dependency')
    expect(portico.stores.project.getState().alert?.code).toBe('APKT003')
    expect(portico.stores.embedded.getState()).toMatchObject({ frameStatus: 'failed', frameFailure: { reason: 'storage' } })
    loader.load = real
    await expect(loadEmbeddedWallet(portico)).resolves.toBe(client)
    expect(portico.stores.embedded.getState()).toMatchObject({ frameStatus: 'ready', frameFailure: undefined })
    expect(portico.stores.project.getState().alert).toBeUndefined()
  })

  test("issue 28: a frame asking for storage access stops the login in progress at once, becomes ready if the user's click is granted; Retry gives it up", async () => {
    const { portico, loader, client } = embeddedTestPortico()
    const real = loader.load
    let grant!: () => void
    let destroyed = 0
    loader.load = (parameters) =>
      new Promise((resolve) => {
        parameters.onStartFailed?.({ reason: 'storage', storageAccess: { showFrame() {}, hideFrame() {}, destroy: () => void destroyed++ } })
        grant = () => resolve(client)
      })
    await expect(loadEmbeddedWallet(portico)).rejects.toThrow('Unable to load email login dependency')
    expect(portico.stores.embedded.getState().frameFailure?.storageAccess).toBeDefined()
    grant()
    await tick()
    expect(portico.stores.embedded.getState()).toMatchObject({ frameStatus: 'ready', frameFailure: undefined })
    await expect(loadEmbeddedWallet(portico)).resolves.toBe(client)

    const other = embeddedTestPortico()
    other.loader.load = loader.load
    await expect(loadEmbeddedWallet(other.portico)).rejects.toThrow()
    other.loader.load = real
    await expect(loadEmbeddedWallet(other.portico)).resolves.toBeDefined()
    expect(destroyed).toBe(1)
  })

  test("error: a frame that never answers after its document loaded is 'unreachable'", async () => {
    const { portico, loader } = embeddedTestPortico()
    loader.load = async (parameters) => {
      parameters.onStartFailed?.({ reason: 'unreachable' })
      throw new Error('The wallet frame did not start')
    }
    await expect(loadEmbeddedWallet(portico)).rejects.toThrow()
    expect(portico.stores.embedded.getState().frameFailure).toEqual({ reason: 'unreachable' })
  })

  test("error: without the option, 'Unable to load email login dependency'", async () => {
    const { portico } = testPortico()
    await expect(loadEmbeddedWallet(portico)).rejects.toThrow('Unable to load email login dependency')
  })
})

describe('ApproveTransaction (SPEC §6 unsafe methods)', () => {
  test('default: an approval opens ApproveTransaction; when the frame is done the view goes back', async () => {
    const { portico, client } = embeddedTestPortico()
    await loadEmbeddedWallet(portico)
    openModal(portico, { view: 'Account' })
    push(portico.stores.router, 'WalletSendPreview')
    client.emit({ type: 'approvalNeeded', method: 'eth_sendTransaction' })
    expect(portico.stores.router.getState().view).toBe('ApproveTransaction')
    expect(portico.stores.embedded.getState().approval).toEqual({ method: 'eth_sendTransaction' })
    client.frameShown = true
    client.emit({ type: 'approvalDone', approved: true })
    expect(client.frameShown).toBe(false)
    expect(portico.stores.router.getState().view).toBe('WalletSendPreview')
    expect(client.calls).not.toContain('RPC_ABORT')
  })

  test('behavior: with the modal closed, the approval opens it on ApproveTransaction and closes it when done', async () => {
    const { portico, client } = embeddedTestPortico()
    await loadEmbeddedWallet(portico)
    client.emit({ type: 'approvalNeeded', method: 'personal_sign' })
    expect(portico.stores.modal.getState().open).toBe(true)
    expect(portico.stores.router.getState().history).toEqual(['ApproveTransaction'])
    client.emit({ type: 'approvalDone', approved: false })
    expect(portico.stores.modal.getState().open).toBe(false)
  })

  test("rule: closing the modal or going back rejects the pending requests (RPC_ABORT: 'Request was aborted')", async () => {
    const { portico, client } = embeddedTestPortico()
    await loadEmbeddedWallet(portico)
    client.emit({ type: 'approvalNeeded', method: 'personal_sign' })
    closeModal(portico)
    await tick()
    expect(client.calls.filter((c) => c === 'RPC_ABORT')).toHaveLength(1)
    expect(portico.stores.embedded.getState().approval).toBeUndefined()

    openModal(portico, { view: 'Account' })
    client.emit({ type: 'approvalNeeded', method: 'eth_sendTransaction' })
    goBack(portico)
    await tick()
    expect(client.calls.filter((c) => c === 'RPC_ABORT')).toHaveLength(2)
    expect(portico.stores.router.getState().view).toBe('Account')
  })
})
