import { describe, expect, test } from 'vitest'
import { EMBEDDED_ADDRESS, embeddedTestPortico, fakeEmbeddedClient } from '../../test/fakeEmbedded.js'
import { connectEmail } from '../connectEmail.js'
import { getAccountTypeSwitch } from '../getAccountTypeSwitch.js'
import { initialize } from '../initialize.js'
import { openModal } from '../openModal.js'
import { verifyOtp } from '../verifyOtp.js'

describe('a reload with the embedded wallet signed in', () => {
  test("behavior: the account's type is the frame's (a smart account stays one), not the adapter's eoa", async () => {
    const first = embeddedTestPortico()
    await initialize(first.portico)
    openModal(first.portico)
    await connectEmail(first.portico, { email: 'ada@example.com' })
    await verifyOtp(first.portico, { otp: '123456' })
    // A new page: same storage, a frame whose session is alive and whose account is the smart account.
    const client = fakeEmbeddedClient()
    client.setUser({ email: 'ada@example.com', address: EMBEDDED_ADDRESS, chainId: 31337, accounts: [{ address: EMBEDDED_ADDRESS, type: 'smartAccount' }] })
    const again = embeddedTestPortico({ storage: first.storage }, client)
    again.adapter.reconnectResult = async () => ({
      connectorId: 'portico-auth',
      accounts: [{ address: EMBEDDED_ADDRESS, type: 'eoa' }],
      caipNetworkId: 'eip155:31337',
    })
    await initialize(again.portico)
    expect(again.portico.stores.account.getState().byNamespace.eip155).toMatchObject({ address: EMBEDDED_ADDRESS, preferredAccountType: 'smartAccount' })
    expect(await getAccountTypeSwitch(again.portico)).toEqual({ current: 'smartAccount', switchTo: 'eoa' })
  })
})
