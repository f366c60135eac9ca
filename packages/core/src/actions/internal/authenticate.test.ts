import { describe, expect, test } from 'vitest'
import type { SIWXConfig, SIWXSession } from '../../siwx/config.js'
import { SiwxText } from '../../siwx/config.js'
import { formatSiwxMessage, type SIWXMessageData } from '../../spec/siwx.js'
import { ADDRESS, devnet, devnet2, solanaDevnet, testPortico } from '../../test/fakes.js'
import { authRequestFor, completeAuthentication } from './authenticate.js'
import type { WalletConnectAuthRequest } from '../../walletconnectClient.js'

const REQUEST = { domain: 'site.example', uri: 'https://site.example', nonce: 'abcdef1234567890', statement: 'Sign in to Site' }

function memorySiwx(overrides: Partial<SIWXConfig> = {}) {
  const stored: SIWXSession[] = []
  const config: SIWXConfig = {
    createMessage: async () => Promise.reject(new Error('not used')),
    createAuthRequest: async () => REQUEST,
    addSession: async (s) => void stored.push(s),
    revokeSession: async () => {},
    setSessions: async () => {},
    getSessions: async () => stored,
    ...overrides,
  }
  return { config, stored }
}

/** What the WalletConnect client returns for a CACAO the wallet signed. */
function signed(request: WalletConnectAuthRequest, over: Partial<SIWXMessageData> = {}) {
  const data: SIWXMessageData = {
    accountAddress: ADDRESS,
    chainId: request.chains[0]!,
    domain: request.domain,
    uri: request.uri,
    version: '1',
    nonce: request.nonce,
    statement: request.statement,
    issuedAt: new Date(0).toISOString(),
    ...over,
  }
  return { data, message: formatSiwxMessage(data), signature: '0x01', cacao: { h: { t: 'caip122' } } }
}

describe("SPEC §4 'A universal-provider sign-in works only when all chains are eip155'", () => {
  test('rule: all networks eip155 and a sign-in configured → a request for every chain, the active one first', async () => {
    const { config } = memorySiwx()
    const { portico } = testPortico({ siwx: config })
    portico.stores.network.setState({ caipNetwork: devnet2 })
    expect(await authRequestFor(portico)).toEqual({ ...REQUEST, chains: ['eip155:31338', 'eip155:31337'] })
  })

  test('rule: a network of another family, no sign-in, a host SIWX without createAuthRequest or no nonce → no request (connect, then sign)', async () => {
    expect(await authRequestFor(testPortico({ networks: [devnet, solanaDevnet], siwx: memorySiwx().config }).portico)).toBeUndefined()
    expect(await authRequestFor(testPortico().portico)).toBeUndefined()
    expect(await authRequestFor(testPortico({ siwx: memorySiwx({ createAuthRequest: undefined }).config }).portico)).toBeUndefined()
    const down = memorySiwx({ createAuthRequest: async () => Promise.reject(new Error('server down')) })
    expect(await authRequestFor(testPortico({ siwx: down.config }).portico)).toBeUndefined()
  })

  test("rule: the signed sign-in is stored through the host's SIWX while 'Authenticating...' shows", async () => {
    const { config, stored } = memorySiwx()
    const { portico } = testPortico({ siwx: config })
    const request = { ...REQUEST, chains: [devnet.caipNetworkId] }
    const seen: string[] = []
    portico.stores.snack.subscribe((s) => s.open && seen.push(s.message!.key))
    await completeAuthentication(portico, signed(request), request)
    expect(seen).toEqual(['siwxText.authenticating'])
    expect(portico.stores.snack.getState().open).toBe(false)
    expect(stored).toHaveLength(1)
    expect(stored[0]!.cacao).toEqual({ h: { t: 'caip122' } })
    expect(portico.stores.siwx.getState()).toMatchObject({ status: 'signed', hasSession: true, signedNetworks: [devnet.caipNetworkId] })
  })

  test("rule: a sign-in that does not answer the request (another nonce, domain, chain or text) fails with 'Error signing message' (the disconnect itself: walletconnect/src/authenticate.test.ts)", async () => {
    const request = { ...REQUEST, chains: [devnet.caipNetworkId] }
    const wrong = [
      signed(request, { nonce: 'replayed12345678' }),
      signed(request, { domain: 'evil.example' }),
      signed(request, { chainId: 'eip155:1' }),
      { ...signed(request), message: `${signed(request).message}\n- https://evil.example` },
    ]
    for (const auth of wrong) {
      const { config, stored } = memorySiwx()
      const { portico } = testPortico({ siwx: config })
      await expect(completeAuthentication(portico, auth, request)).rejects.toThrow(SiwxText.errorSigning)
      expect(stored).toHaveLength(0)
      expect(portico.stores.siwx.getState()).toMatchObject({ status: 'error', error: { key: 'siwxText.errorSigning' } })
    }
  })
})
