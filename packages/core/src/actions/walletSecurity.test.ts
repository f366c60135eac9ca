import { describe, expect, test } from 'vitest'
import { embeddedTestPortico } from '../test/fakeEmbedded.js'
import { addWalletFactor } from './addWalletFactor.js'
import { closeModal } from './closeModal.js'
import { connectEmail } from './connectEmail.js'
import { openModal } from './openModal.js'
import { openWalletSecurity } from './openWalletSecurity.js'
import { removeWalletFactor } from './removeWalletFactor.js'
import { verifyOtp } from './verifyOtp.js'

const tick = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0))
}

async function signedIn() {
  const t = embeddedTestPortico()
  openModal(t.portico)
  await connectEmail(t.portico, { email: 'ada@example.com' })
  await verifyOtp(t.portico, { otp: '123456' })
  return t
}

describe('custody: the wallet security of an embedded wallet (CUSTODY.md)', () => {
  test('WalletSecurity lists the factors; adding a passkey asks the frame, which shows its own screen; removing one too', async () => {
    const { portico, client } = await signedIn()
    openModal(portico, { view: 'Account' })
    await openWalletSecurity(portico)
    expect(portico.stores.router.getState().view).toBe('WalletSecurity')
    expect(portico.stores.embedded.getState().security).toMatchObject({ status: 'ready', factors: { protected: false, factors: [] } })

    const adding = addWalletFactor(portico, { kind: 'passkey' })
    expect(portico.stores.embedded.getState().security.busy).toBe('passkey')
    // The frame draws its screen: the modal shows the frame (EmbeddedFactor) meanwhile.
    client.emit({ type: 'factorScreenNeeded', purpose: 'add-passkey' })
    expect(portico.stores.router.getState().view).toBe('EmbeddedFactor')
    expect(portico.stores.embedded.getState().factorScreen).toBe('add-passkey')
    client.emit({ type: 'factorScreenDone' })
    expect(portico.stores.router.getState().view).toBe('WalletSecurity')
    await adding
    expect(client.calls).toContain('ADD_FACTOR passkey')
    expect(portico.stores.embedded.getState().security).toMatchObject({
      busy: undefined,
      factors: { protected: true },
      notice: { key: 'security.passkeyAdded' },
    })

    const id = portico.stores.embedded.getState().security.factors!.factors[0]!.id
    await removeWalletFactor(portico, { id })
    expect(client.calls).toContain(`REMOVE_FACTOR ${id}`)
    expect(portico.stores.embedded.getState().security).toMatchObject({
      factors: { protected: false },
      notice: { key: 'security.removedUnprotected' },
    })
  })

  test("leaving the frame's factor screen (back or close) cancels it in the frame; a cancelled add shows no error", async () => {
    const { portico, client } = await signedIn()
    openModal(portico, { view: 'Account' })
    await openWalletSecurity(portico)
    client.addFactor = async () => {
      await new Promise((r) => setTimeout(r, 5))
      throw new Error('Cancelled')
    }
    const adding = addWalletFactor(portico, { kind: 'password' })
    client.emit({ type: 'factorScreenNeeded', purpose: 'add-password' })
    closeModal(portico)
    await tick()
    expect(client.calls).toContain('RPC_ABORT')
    expect(client.frameShown).toBe(false)
    await adding
    expect(portico.stores.embedded.getState().security.error).toBeUndefined()
    expect(portico.stores.embedded.getState().factorScreen).toBeUndefined()
  })

  test('a factor screen during a login (a protected wallet on a new device) opens over EmailLogin and goes back to it', async () => {
    const { portico, client } = embeddedTestPortico()
    openModal(portico)
    client.connectEmail = async () => ({ action: 'VERIFY_DEVICE', matchCode: 'K7F-3QX' })
    client.connectDevice = () => new Promise(() => {})
    await connectEmail(portico, { email: 'ada@example.com' })
    expect(portico.stores.embedded.getState().matchCode).toBe('K7F-3QX')
    expect(portico.stores.router.getState().view).toBe('EmailLogin')
    client.emit({ type: 'factorScreenNeeded', purpose: 'unlock' })
    expect(portico.stores.router.getState().view).toBe('EmbeddedFactor')
    client.emit({ type: 'factorScreenDone' })
    expect(portico.stores.router.getState().view).toBe('EmailLogin')
  })
})
