import { describe, expect, test } from 'vitest'
import { embeddedTestPortico } from '../test/fakeEmbedded.js'
import { connectEmail } from './connectEmail.js'
import { getAccountTypeSwitch } from './getAccountTypeSwitch.js'
import { openModal } from './openModal.js'
import { getAccount, setAccount } from '../stores/account.js'
import { setPreferredAccountType } from './setPreferredAccountType.js'
import { verifyOtp } from './verifyOtp.js'

async function signedIn(preferred: 'eoa' | 'smartAccount', enabled: number[]) {
  const t = embeddedTestPortico()
  const getUser = t.client.getUser.bind(t.client)
  t.client.getUser = async (p) => ({ ...(await getUser(p)), preferredAccountType: preferred })
  t.client.getSmartAccountEnabledNetworks = async () => enabled
  openModal(t.portico)
  await connectEmail(t.portico, { email: 'ada@example.com' })
  await verifyOtp(t.portico, { otp: '123456' })
  return t
}

describe("SPEC §4 'Preferred account type change': the Account view's account-type row", () => {
  test('rule: no network smart-account-enabled → the type is shown, no switch at all', async () => {
    const { portico } = await signedIn('eoa', [])
    expect(await getAccountTypeSwitch(portico)).toEqual({ current: 'eoa' })
  })

  test('rule: switching to smartAccount only when the active network is enabled and the current type is eoa', async () => {
    expect(await getAccountTypeSwitch((await signedIn('eoa', [31337])).portico)).toEqual({ current: 'eoa', switchTo: 'smartAccount' })
    expect(await getAccountTypeSwitch((await signedIn('eoa', [8453])).portico)).toEqual({ current: 'eoa' })
  })

  test('behavior: a smart account may switch back to eoa where smart accounts exist', async () => {
    expect(await getAccountTypeSwitch((await signedIn('smartAccount', [31337])).portico)).toEqual({ current: 'smartAccount', switchTo: 'eoa' })
  })

  test('behavior: the type the frame reports for the connected account counts (after a reload the adapter reported it as eoa); the switch back to eoa then works', async () => {
    const { portico, client } = await signedIn('eoa', [31337])
    const address = getAccount(portico).address!
    setAccount(portico, 'eip155', { preferredAccountType: 'eoa' })
    client.setUser({ ...client.user()!, accounts: [{ address, type: 'smartAccount' }] })
    expect(await getAccountTypeSwitch(portico)).toEqual({ current: 'smartAccount', switchTo: 'eoa' })
    await setPreferredAccountType(portico, { type: 'eoa' })
    expect(client.calls).toContain('SET_PREFERRED_ACCOUNT eoa')
  })

  test('behavior: nothing for a connection that is not the embedded wallet', async () => {
    const { portico } = embeddedTestPortico()
    expect(await getAccountTypeSwitch(portico)).toBeUndefined()
  })
})
