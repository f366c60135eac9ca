import { describe, expect, test } from 'vitest'
import { StorageKeys } from '../storage.js'
import { embeddedTestPortico } from '../test/fakeEmbedded.js'
import { testPortico } from '../test/fakes.js'
import { closeModal } from './closeModal.js'
import { connectEmail } from './connectEmail.js'
import { connectExternal } from './connectExternal.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'
import { requestEmailUpdate } from './requestEmailUpdate.js'
import { updateEmail } from './updateEmail.js'
import { verifyEmailUpdateOtp } from './verifyEmailUpdateOtp.js'
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

describe("SPEC §4 'Email update'", () => {
  test('default: UpdateEmailWallet, two code steps, then the poll sees the new email, closes the modal and returns it', async () => {
    const { portico, client, clock, storage } = await signedIn()
    const done = updateEmail(portico)
    await tick()
    expect(portico.stores.router.getState().view).toBe('UpdateEmailWallet')
    expect(portico.stores.modal.getState().open).toBe(true)
    await requestEmailUpdate(portico, { email: 'new@example.com' })
    expect(portico.stores.embedded.getState().updateStep).toBe('VERIFY_PRIMARY_OTP')
    await verifyEmailUpdateOtp(portico, { otp: '111111' })
    expect(portico.stores.embedded.getState().updateStep).toBe('VERIFY_SECONDARY_OTP')
    await verifyEmailUpdateOtp(portico, { otp: '222222' })
    expect(client.calls.filter((c) => c.startsWith('UPDATE_EMAIL'))).toEqual([
      'UPDATE_EMAIL new@example.com',
      'UPDATE_EMAIL_PRIMARY_OTP 111111',
      'UPDATE_EMAIL_SECONDARY_OTP 222222',
    ])
    // SPEC §4: polled every second.
    clock.advance(1000)
    await expect(done).resolves.toBe('new@example.com')
    expect(portico.stores.modal.getState().open).toBe(false)
    expect(storage.getItem(StorageKeys.wallet.email)).toBe('"new@example.com"')
  })

  test("rule: closing the modal rejects with 'Modal closed'", async () => {
    const { portico } = await signedIn()
    const done = updateEmail(portico)
    await tick()
    closeModal(portico)
    await expect(done).rejects.toThrow('Modal closed')
  })

  test("rule: an auth connector is required: 'No auth connector found'", async () => {
    const { portico } = testPortico()
    await expect(updateEmail(portico)).rejects.toThrow('No auth connector found')
  })

  test("rule: the connection must be email or social: 'Not connected to email or social'", async () => {
    // The embedded wallet is configured, but a browser wallet is the connection.
    const { portico, adapter } = embeddedTestPortico()
    adapter.connectResult = async () => ({
      connectorId: 'dev.portico.testwallet',
      accounts: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'eoa' }],
      caipNetworkId: 'eip155:31337',
    })
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    await expect(updateEmail(portico)).rejects.toThrow('Not connected to email or social')
  })

  test("rule: the new email must be a valid address: 'Invalid Email Address'", async () => {
    const { portico } = await signedIn()
    void updateEmail(portico).catch(() => {})
    await tick()
    await expect(requestEmailUpdate(portico, { email: 'nope' })).rejects.toThrow('Invalid Email Address')
    expect(portico.stores.embedded.getState().updateStep).toBe('EMAIL')
  })
})
