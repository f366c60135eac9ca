import { describe, expect, test } from 'vitest'
import { testPortico } from '../test/fakes.js'
import { connectExternal } from '../actions/connectExternal.js'
import { setAccount } from './account.js'
import { initialize } from '../actions/initialize.js'
import { canRegisterName } from './nameSelectors.js'

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
