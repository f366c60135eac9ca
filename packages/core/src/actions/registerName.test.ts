import { afterEach, describe, expect, test } from 'vitest'
import { startHttpServer, type Recorded } from '../test/httpServer.js'
import { testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'
import { registerName } from './registerName.js'

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

async function setup(answer: (req: Recorded) => { status?: number; json?: unknown }) {
  const server = await startHttpServer({ 'POST /v1/profile/account': answer })
  close = server.close
  const t = testPortico({ apiUrl: server.url, projectId: 'p1' })
  t.adapter.signMessage = async ({ message }) => `0xsig(${message})`
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  openModal(t.portico, { view: 'RegisterAccountName' })
  return { ...t, server }
}

describe("SPEC §4 'Name registration'", () => {
  test('rule: sign a JSON message {name, attributes:{}, timestamp}, register with the coin type of the EVM chain, then RegisterAccountNameSuccess', async () => {
    const { portico, server, clock } = await setup(() => ({ json: { name: 'alice.portico.id' } }))
    clock.advance(1_700_000_000_000)
    await registerName(portico, { label: 'Alice' })
    const body = server.requests.find((r) => r.path === '/v1/profile/account')!.body as {
      coinType: number
      message: string
      signature: string
      address: string
    }
    expect(JSON.parse(body.message)).toEqual({ name: 'alice.portico.id', attributes: {}, timestamp: 1_700_000_000 })
    expect(body.coinType).toBe((0x80000000 | 31337) >>> 0)
    expect(body.signature).toBe(`0xsig(${body.message})`)
    expect(portico.stores.router.getState().view).toBe('RegisterAccountNameSuccess')
    expect(portico.stores.account.getState().byNamespace.eip155?.profileName).toBe('alice.portico.id')
  })

  test("rule: an error returns to RegisterAccountName with the server's first reason", async () => {
    const { portico } = await setup(() => ({
      status: 409,
      json: { error: 'Name taken', reasons: [{ description: 'alice.portico.id is already registered' }] },
    }))
    await expect(registerName(portico, { label: 'alice' })).rejects.toThrow('alice.portico.id is already registered')
    expect(portico.stores.router.getState().view).toBe('RegisterAccountName')
    expect(portico.stores.names.getState().error).toEqual({ key: 'error.external', params: { text: 'alice.portico.id is already registered' } })
  })

  test("rule: without a reason the text is 'Error registering name {name}'", async () => {
    const { portico } = await setup(() => ({ status: 500, json: {} }))
    await expect(registerName(portico, { label: 'alice' })).rejects.toThrow('Error registering name alice.portico.id')
    expect(portico.stores.names.getState().error).toEqual({ key: 'error.errorRegisteringName', params: { 0: 'alice.portico.id' } })
  })

  test("error: 'Address or auth connector not found' when disconnected", async () => {
    const { portico } = testPortico({ apiUrl: 'http://127.0.0.1:1', projectId: 'p1' })
    await expect(registerName(portico, { label: 'alice' })).rejects.toThrow('Address or auth connector not found')
  })
})
