import { describe, expect, test, vi } from 'vitest'
import { StorageKeys } from '../storage.js'
import { EMBEDDED_ADDRESS, embeddedTestPortico } from '../test/fakeEmbedded.js'
import { closeModal } from './closeModal.js'
import { connectEmail } from './connectEmail.js'
import { openModal } from './openModal.js'
import { verifyOtp } from './verifyOtp.js'

const tick = () => new Promise((r) => setTimeout(r, 0))

describe("SPEC §4 'Email login'", () => {
  test('default: VERIFY_OTP opens EmailLogin on the code step; the code connects', async () => {
    const { portico, client, loader, storage } = embeddedTestPortico()
    openModal(portico)
    expect(loader.loads).toHaveLength(0) // not loaded until email is used
    expect(await connectEmail(portico, { email: ' ada@example.com ' })).toBe('VERIFY_OTP')
    expect(loader.loads).toHaveLength(1)
    expect(loader.loads[0]).toMatchObject({ projectId: '', chainId: 31337, version: '4.0.0', enableLogger: false, rpcUrl: 'http://127.0.0.1:8545' })
    expect(client.calls).toContain('CONNECT_EMAIL ada@example.com')
    expect(portico.stores.router.getState().view).toBe('EmailLogin')
    expect(portico.stores.embedded.getState()).toMatchObject({ email: 'ada@example.com', emailStep: 'VERIFY_OTP', loading: false })

    await verifyOtp(portico, { otp: '123456' })
    expect(client.calls).toContain('CONNECT_OTP 123456')
    expect(portico.stores.connections.getState().activeConnectorIds.eip155).toBe('portico-auth')
    expect(portico.stores.account.getState().byNamespace.eip155?.address).toBe(EMBEDDED_ADDRESS)
    expect(portico.stores.modal.getState().open).toBe(false)
    // SPEC §3: the login cache under the wallet prefix.
    expect(storage.getItem(StorageKeys.wallet.loginUsed)).toBe('true')
    expect(storage.getItem(StorageKeys.wallet.email)).toBe('"ada@example.com"')
    expect(storage.getItem(StorageKeys.wallet.lastChain)).toBe('"eip155:31337"')
    expect(StorageKeys.wallet.loginUsed.startsWith('@portico/wallet/')).toBe(true)
  })

  test('behavior: CONNECT (a known device and session) connects at once', async () => {
    const { portico, client } = embeddedTestPortico()
    client.connectEmail = async () => ({ action: 'CONNECT' })
    openModal(portico)
    expect(await connectEmail(portico, { email: 'ada@example.com' })).toBe('CONNECT')
    expect(portico.stores.connections.getState().activeConnectorIds.eip155).toBe('portico-auth')
    expect(portico.stores.modal.getState().open).toBe(false)
  })

  test('behavior: on a device a known wallet has not seen, the code leads to VERIFY_DEVICE, which connects once the link was used', async () => {
    const { portico, client } = embeddedTestPortico()
    let approve!: () => void
    client.connectOtp = async (otp) => {
      client.calls.push(`CONNECT_OTP ${otp}`)
      return { action: 'VERIFY_DEVICE', matchCode: 'K7F-3QX' }
    }
    client.connectDevice = () => new Promise<void>((r) => (approve = r))
    openModal(portico)
    expect(await connectEmail(portico, { email: 'ada@example.com' })).toBe('VERIFY_OTP')
    const verified = verifyOtp(portico, { otp: '123456' })
    await tick()
    expect(portico.stores.embedded.getState()).toMatchObject({ emailStep: 'VERIFY_DEVICE', matchCode: 'K7F-3QX', loading: false })
    expect(portico.stores.connections.getState().status).toBe('disconnected')
    approve()
    await verified
    expect(portico.stores.connections.getState().activeConnectorIds.eip155).toBe('portico-auth')
    expect(portico.stores.modal.getState().open).toBe(false)
    expect(client.calls.filter((c) => c.startsWith('CONNECT_EMAIL'))).toHaveLength(1)
  })

  test('behavior: a VERIFY_DEVICE answer to the start (SPEC §4) also waits for the link, then connects', async () => {
    const { portico, client } = embeddedTestPortico()
    let approve!: () => void
    client.connectEmail = async () => ({ action: 'VERIFY_DEVICE' })
    client.connectDevice = () => new Promise<void>((r) => (approve = r))
    openModal(portico)
    expect(await connectEmail(portico, { email: 'ada@example.com' })).toBe('VERIFY_DEVICE')
    expect(portico.stores.embedded.getState().emailStep).toBe('VERIFY_DEVICE')
    // The device step starts by itself once the frame is loaded (a few ticks later): then the link is used.
    await vi.waitFor(() => expect(approve).toBeTypeOf('function'))
    approve()
    await vi.waitFor(() => expect(portico.stores.connections.getState().activeConnectorIds.eip155).toBe('portico-auth'))
  })

  test("rule: an invalid email is refused with SPEC §5's texts and the APKTW002 warning", async () => {
    const { portico, client } = embeddedTestPortico()
    await expect(connectEmail(portico, { email: 'not-an-email' })).rejects.toThrow('Please enter a valid email address')
    expect(portico.stores.project.getState().alert).toMatchObject({ code: 'APKTW002', message: 'Invalid Email Address' })
    await expect(connectEmail(portico, { email: '' })).rejects.toThrow('Please enter a valid email address')
    expect(portico.stores.embedded.getState().error).toEqual({ key: 'error.enterValidEmail' })
    expect(client.calls).toEqual([])
  })

  test("rule: an email login trigger within 30 s of the previous one is refused: 'Please try again after N seconds'", async () => {
    const { portico, clock, client } = embeddedTestPortico()
    openModal(portico)
    await connectEmail(portico, { email: 'ada@example.com' })
    clock.advance(12_000)
    await expect(connectEmail(portico, { email: 'ada@example.com' })).rejects.toThrow('Please try again after 18 seconds')
    expect(portico.stores.embedded.getState().error).toEqual({ key: 'error.emailCooldown', params: { 0: 18 } })
    clock.advance(18_000)
    await connectEmail(portico, { email: 'ada@example.com' })
    expect(client.calls.filter((c) => c.startsWith('CONNECT_EMAIL'))).toHaveLength(2)
  })

  test('behavior: a request the frame failed does not start the cooldown', async () => {
    const { portico, client } = embeddedTestPortico()
    client.connectEmail = async () => {
      throw new Error('Server Error')
    }
    await expect(connectEmail(portico, { email: 'ada@example.com' })).rejects.toThrow('Server Error')
    expect(portico.stores.embedded.getState().error).toEqual({ key: 'error.external', params: { text: 'Server Error' } })
    client.connectEmail = async () => ({ action: 'VERIFY_OTP' })
    await expect(connectEmail(portico, { email: 'ada@example.com' })).resolves.toBe('VERIFY_OTP')
  })

  test("rule: closing the modal during an email connect rejects with 'Modal closed'", async () => {
    const { portico, client } = embeddedTestPortico()
    client.connectEmail = () => new Promise(() => {})
    openModal(portico)
    const done = connectEmail(portico, { email: 'ada@example.com' })
    await tick()
    closeModal(portico)
    await expect(done).rejects.toThrow('Modal closed')
    expect(portico.stores.connections.getState().status).toBe('disconnected')
  })
})

describe('EmailLogin code step', () => {
  test("error: a wrong code keeps the step with the frame's text; a code that is not 6–8 digits never leaves the page", async () => {
    const { portico, client } = embeddedTestPortico()
    openModal(portico)
    await connectEmail(portico, { email: 'ada@example.com' })
    client.connectOtp = async () => {
      throw new Error('Invalid code')
    }
    await expect(verifyOtp(portico, { otp: '000000' })).rejects.toThrow('Invalid code')
    expect(portico.stores.embedded.getState()).toMatchObject({
      emailStep: 'VERIFY_OTP',
      error: { key: 'error.external', params: { text: 'Invalid code' } },
      loading: false,
    })
    expect(portico.stores.router.getState().view).toBe('EmailLogin')
    await expect(verifyOtp(portico, { otp: '12ab' })).rejects.toThrow('Enter the code from the email')
  })
})
