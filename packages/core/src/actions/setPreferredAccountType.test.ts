import { describe, expect, test } from 'vitest'
import { StorageKeys } from '../storage.js'
import { ADDRESS } from '../test/fakes.js'
import { embeddedTestPortico } from '../test/fakeEmbedded.js'
import { connectEmail } from './connectEmail.js'
import { getAccount } from '../stores/account.js'
import { openModal } from './openModal.js'
import { setPreferredAccountType } from './setPreferredAccountType.js'
import { verifyOtp } from './verifyOtp.js'

async function signedIn(preferred: 'eoa' | 'smartAccount' = 'eoa') {
  const t = embeddedTestPortico()
  const getUser = t.client.getUser.bind(t.client)
  t.client.getUser = async (p) => ({ ...(await getUser(p)), preferredAccountType: preferred })
  openModal(t.portico)
  await connectEmail(t.portico, { email: 'ada@example.com' })
  await verifyOtp(t.portico, { otp: '123456' })
  return t
}

describe("SPEC §4 'Preferred account type change'", () => {
  test('rule: set loading, update the auth connector, store the choice, reconnect, clear loading', async () => {
    const { portico, client, adapter, storage } = await signedIn('eoa')
    const loading: boolean[] = []
    portico.stores.modal.subscribe((s, prev) => s.loading !== prev.loading && loading.push(s.loading))
    adapter.calls.length = 0
    await setPreferredAccountType(portico, { type: 'smartAccount' })
    expect(loading).toEqual([true, false])
    expect(client.calls.slice(-2)).toEqual(['GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'SET_PREFERRED_ACCOUNT smartAccount'])
    expect(adapter.calls).toEqual(['connect:portico-auth'])
    expect(JSON.parse(storage.getItem(StorageKeys.preferredAccountTypes)!)).toEqual({ eip155: 'smartAccount' })
    expect(getAccount(portico)).toMatchObject({ address: ADDRESS, preferredAccountType: 'smartAccount' })
  })

  test('rule: switching to smartAccount is allowed only when smart accounts are enabled on the network', async () => {
    const { portico, client } = await signedIn('eoa')
    client.getSmartAccountEnabledNetworks = async () => [8453]
    await expect(setPreferredAccountType(portico, { type: 'smartAccount' })).rejects.toThrow('Smart accounts are not enabled on this network')
    expect(client.calls.some((c) => c.startsWith('SET_PREFERRED_ACCOUNT'))).toBe(false)
    expect(portico.stores.modal.getState().loading).toBe(false)
  })

  test('behavior: back to eoa needs no smart-account check; the stored choice is sent at the next login', async () => {
    const { portico, client } = await signedIn('smartAccount')
    await setPreferredAccountType(portico, { type: 'eoa' })
    expect(client.calls).toContain('SET_PREFERRED_ACCOUNT eoa')
    expect(client.calls).not.toContain('GET_SMART_ACCOUNT_ENABLED_NETWORKS')
    client.calls.length = 0
    await verifyOtp(portico, { otp: '123456' }).catch(() => {})
    expect(client.calls.find((c) => c.startsWith('GET_USER 31337'))).toBe('GET_USER 31337 eoa')
  })
})
