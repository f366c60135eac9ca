import { describe, expect, test } from 'vitest'
import { en } from '../i18n/messages/en.js'
import type { SIWXConfig, SIWXSession } from '../siwx/config.js'
import { formatSiwxMessage } from '../spec/siwx.js'
import { testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { canSkipDataCapture } from './canSkipDataCapture.js'
// afterConnect loads checkSiwx on demand: loaded here first, setup's one-tick wait waits for the rule, not for a module load.
import './checkSiwx.js'
import { dataCaptureProblem } from './dataCaptureProblem.js'
import { skipDataCapture } from './skipDataCapture.js'
import { submitDataCapture } from './submitDataCapture.js'
import { initialize } from './initialize.js'
import { signInWithWallet } from './signInWithWallet.js'

function memorySiwx(required: boolean) {
  const sessions: SIWXSession[] = []
  const config: SIWXConfig = {
    async createMessage({ accountAddress, chainId, resources }) {
      const data = {
        accountAddress,
        chainId,
        domain: 'site.example',
        uri: 'https://site.example',
        version: '1',
        nonce: 'abcdefgh12',
        issuedAt: new Date(0).toISOString(),
        ...(resources ? { resources } : {}),
      }
      return { data, text: formatSiwxMessage(data) }
    },
    addSession: async (s) => void sessions.push(s),
    revokeSession: async () => {},
    setSessions: async () => {},
    getSessions: async (chainId) => sessions.filter((s) => s.data.chainId === chainId),
    getRequired: () => required,
  }
  return { config, sessions }
}

async function setup(required: boolean) {
  const siwx = memorySiwx(required)
  const t = testPortico({ siwx: siwx.config, remoteFeatures: { emailCapture: true } })
  t.adapter.signMessage = async ({ message }) => `0xsigned:${message.length}`
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  await new Promise((r) => setTimeout(r, 0))
  return { ...t, siwx }
}

describe('DataCapture (SPEC §2, §4 "If email capture is on, open DataCapture")', () => {
  test("rule: the email must be valid — 'Please enter a valid email address'", () => {
    expect(dataCaptureProblem('ada@example.com')).toBeUndefined()
    for (const bad of ['', '   ', 'ada', 'ada@', '@example.com', 'ada example@x.com'])
      expect(dataCaptureProblem(bad)).toEqual({ key: 'siwxText.emailRequired', kind: 'emailRequired' })
    expect(en['siwxText.emailRequired']).toBe('Please enter a valid email address')
  })

  test('behavior: an invalid email stays on DataCapture with the error', async () => {
    const { portico } = await setup(true)
    expect(portico.stores.router.getState().view).toBe('DataCapture')
    expect(submitDataCapture(portico, { email: 'nope' })).toBe(false)
    expect(portico.stores.router.getState().view).toBe('DataCapture')
    expect(portico.stores.siwx.getState().error).toMatchObject({ key: 'siwxText.emailRequired' })
  })

  test('rule: a valid email continues to SIWXSignMessage and is signed as a mailto: resource', async () => {
    const { portico, siwx } = await setup(true)
    expect(submitDataCapture(portico, { email: ' ada@example.com ' })).toBe(true)
    expect(portico.stores.router.getState().view).toBe('SIWXSignMessage')
    expect(portico.stores.siwx.getState().error).toBeUndefined()
    await signInWithWallet(portico)
    expect(siwx.sessions[0]!.data.resources).toEqual(['mailto:ada@example.com'])
    expect(siwx.sessions[0]!.message).toContain('Resources:\n- mailto:ada@example.com')
  })

  test('rule: skip is not allowed when sign-in is required', async () => {
    const { portico } = await setup(true)
    expect(canSkipDataCapture(portico)).toBe(false)
    skipDataCapture(portico)
    expect(portico.stores.router.getState().view).toBe('DataCapture')
  })

  test('rule: skip when sign-in is optional offers the sign-in without an email', async () => {
    const { portico, siwx } = await setup(false)
    expect(canSkipDataCapture(portico)).toBe(true)
    skipDataCapture(portico)
    expect(portico.stores.router.getState().view).toBe('SIWXSignMessage')
    await signInWithWallet(portico)
    expect(siwx.sessions[0]!.data.resources).toBeUndefined()
  })

  test('behavior: skip with a stored session just closes', async () => {
    const { portico } = await setup(false)
    portico.stores.siwx.setState({ hasSession: true })
    skipDataCapture(portico)
    expect(portico.stores.modal.getState().open).toBe(false)
  })
})
