import { describe, expect, test } from 'vitest'
import { testPortico } from '../test/fakes.js'
import { connectExternal } from '../actions/connectExternal.js'
import { setAccount } from '../stores/account.js'
import { initialize } from '../actions/initialize.js'
import { canRegisterName, getNameAvailability } from './nameSelectors.js'

async function connected(overrides = {}) {
  const t = testPortico({ apiUrl: 'http://127.0.0.1:1', projectId: 'p1', ...overrides })
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  return t
}

describe('RegisterAccountName entry from Account', () => {
  test('default: offered to a connected eip155 account without a name', async () => {
    const { portico } = await connected()
    expect(canRegisterName(portico)).toBe(true)
  })

  test('behavior: not offered once the account has a name', async () => {
    const { portico } = await connected()
    setAccount(portico, 'eip155', { profileName: 'alice.portico.id' })
    expect(canRegisterName(portico)).toBe(false)
  })

  test('behavior: not offered while disconnected', () => {
    const { portico } = testPortico({ apiUrl: 'http://127.0.0.1:1', projectId: 'p1' })
    expect(canRegisterName(portico)).toBe(false)
  })

  test('behavior: not offered without a name service (no server)', async () => {
    const { portico } = await connected({ apiUrl: undefined })
    expect(canRegisterName(portico)).toBe(false)
  })

  test("rule: SPEC §1 'Names support eip155 only'", async () => {
    const { portico } = await connected()
    portico.stores.network.setState({ caipNetwork: { ...portico.stores.network.getState().caipNetwork!, chainNamespace: 'solana' } })
    expect(canRegisterName(portico)).toBe(false)
  })
})

describe('RegisterAccountName: name availability', () => {
  const named = (input: string, state: object = {}) => {
    const { portico } = testPortico({ apiUrl: 'http://127.0.0.1:1', projectId: 'p1' })
    portico.stores.names.setState({ input, ...state })
    return getNameAvailability(portico)
  }
  test('rule: a name the suggestions list as registered is taken and cannot be registered', () => {
    const a = named('alice', { suggestions: [{ name: 'alice.portico.id', registered: true }] })
    expect(a).toMatchObject({
      label: 'alice',
      wanted: 'alice.portico.id',
      status: 'taken',
      canRegister: false,
      hint: { key: 'nameText.taken', params: { 0: 'alice.portico.id' } },
      hintIsError: true,
    })
  })
  test('behavior: a free name is available; the suffix typed by the user is taken off', () => {
    const a = named('Alice.portico.id', { suggestions: [{ name: 'alice.portico.id', registered: false }] })
    expect(a).toMatchObject({
      label: 'alice',
      status: 'available',
      canRegister: true,
      hint: { key: 'nameText.available', params: { 0: 'alice.portico.id' } },
      hintIsError: false,
    })
  })
  test('behavior: while suggestions load nothing is claimed and Register waits', () => {
    const a = named('alice', { suggestionsLoading: true, suggestions: [{ name: 'alice.portico.id', registered: true }] })
    expect(a).toMatchObject({ status: 'checking', canRegister: false, hint: { key: 'nameText.checking' }, hintIsError: false })
  })
  test('behavior: while registering the hint asks for the signature; a stored problem is the hint, as an error', () => {
    expect(named('alice', { loading: true })).toMatchObject({ hint: { key: 'nameText.approveInWallet' }, hintIsError: false, canRegister: false })
    const refused = { key: 'error.external', params: { text: 'Name service unavailable' } } as const
    expect(named('alice', { error: refused })).toMatchObject({ hint: refused, hintIsError: true })
  })
  test('rule: SPEC §5 an invalid name cannot be registered', () => {
    expect(named('ab')).toMatchObject({ status: 'unknown', canRegister: false, hint: { key: 'nameText.labelRule' } })
  })
})
