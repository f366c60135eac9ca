// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import { createEmbeddedWalletClient } from './client.js'
import type { Eip155Provider } from './eip155Provider.js'
import type { MessageLike } from './frameTransport.js'

const FRAME = 'http://127.0.0.1:8788'

async function setup(chains?: { solana: string[] }) {
  const listeners = new Set<(event: MessageLike) => void>()
  const host = {
    window: {
      addEventListener: (_: 'message', l: (e: MessageLike) => void) => void listeners.add(l),
      removeEventListener: (_: 'message', l: (e: MessageLike) => void) => void listeners.delete(l),
    },
    document,
    warn: () => {},
  }
  const deliver = (data: unknown, origin: string, source: unknown) => listeners.forEach((l) => l({ data, origin, source }))
  const pending = createEmbeddedWalletClient(
    { frameUrl: `${FRAME}/` },
    {
      projectId: 'p1',
      chainId: 31337,
      version: '4.0.0',
      enableLogger: false,
      rpcUrl: 'http://127.0.0.1:8545',
      onError: () => {},
      ...(chains ? { chains } : {}),
    },
    host,
  )
  const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-testid=portico-secure-frame]')!
  deliver({ type: '@portico-frame/READY', payload: {} }, FRAME, iframe.contentWindow)
  const client = await pending
  return { client, iframe, deliver }
}

describe('the frame client in a page', () => {
  test('default: one hidden frame, out of the tab order and the accessibility tree', async () => {
    const { iframe, client } = await setup()
    expect(iframe.src.startsWith(`${FRAME}/?projectId=p1&chainId=31337`)).toBe(true)
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    expect(iframe.tabIndex).toBe(-1)
    expect(iframe.style.opacity).toBe('0')
    client.showFrame({ top: 100, left: 20, width: 370, height: 420 })
    expect(iframe.style).toMatchObject({ top: '100px', left: '20px', width: '370px', height: '420px', opacity: '1' })
    expect(iframe.hasAttribute('aria-hidden')).toBe(false)
    client.hideFrame()
    expect(iframe.style.opacity).toBe('0')
    client.destroy()
    expect(document.querySelector('iframe')).toBeNull()
  }, 10_000)

  test("rule: SPEC §7 'Social popup' — the result is accepted only from the secure origin and from that popup, and says only done or error", async () => {
    const { client, deliver } = await setup()
    const popupWindow = { name: 'popup' }
    const popup = { closed: false, window: popupWindow, navigate() {}, close() {} }
    const { result } = client.waitForSocialResult(popup)
    let status: string | undefined
    void result.then((r) => (status = r))
    const message = { type: '@portico-frame/SOCIAL_RESULT', payload: { status: 'done' } }
    deliver(message, 'http://evil.example', popupWindow) // wrong origin
    deliver(message, FRAME, { name: 'another window' }) // wrong window
    deliver({ type: '@portico-frame/SOCIAL_RESULT', payload: { resultUri: `${FRAME}/auth/social/callback?code=c&state=s` } }, FRAME, popupWindow) // the old shape: refused
    await new Promise((r) => setTimeout(r, 0))
    expect(status).toBeUndefined()
    deliver(message, FRAME, popupWindow)
    expect(await result).toBe('done')
    client.destroy()
  }, 10_000)

  test("rule: SPEC §4 'Preferred account type change' — after the switch the user is read again (reconnect): the eip155 provider answers the new account and emits accountsChanged", async () => {
    const { client, iframe, deliver } = await setup()
    const [EOA, SMART] = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC']
    let active: 'eoa' | 'smartAccount' = 'eoa'
    const user = () => {
      const address = active === 'eoa' ? EOA : SMART
      return {
        email: 'ada@example.com',
        address,
        chainId: 31337,
        accounts: [{ address, type: active }],
        addresses: { eip155: EOA },
        preferredAccountType: active,
      }
    }
    const sent: string[] = []
    // The frame's side, scripted: SET_PREFERRED_ACCOUNT changes the acting account, GET_USER tells it.
    const frameWindow = iframe.contentWindow!
    frameWindow.postMessage = ((message: { type: string; id: string; payload: { type?: 'eoa' | 'smartAccount' } }) => {
      const kind = message.type.replace('@portico-app/', '')
      sent.push(kind)
      if (kind === 'SET_PREFERRED_ACCOUNT') active = message.payload.type!
      const payload = kind === 'SET_PREFERRED_ACCOUNT' ? { type: active, address: user().address } : user()
      setTimeout(() => deliver({ type: `@portico-frame/${kind}_SUCCESS`, id: message.id, payload }, FRAME, frameWindow), 0)
    }) as typeof frameWindow.postMessage
    await client.getUser({ chainId: 31337 })
    const provider = client.providerFor('eip155') as Eip155Provider
    const changed: unknown[] = []
    provider.on('accountsChanged', (accounts: unknown) => changed.push(accounts))
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([EOA])

    await client.setPreferredAccount('smartAccount')
    expect(sent.slice(-2)).toEqual(['SET_PREFERRED_ACCOUNT', 'GET_USER'])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([SMART])
    expect(client.user()).toMatchObject({ address: SMART, preferredAccountType: 'smartAccount' })
    await client.setPreferredAccount('eoa')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([EOA])
    expect(changed).toEqual([[SMART], [EOA]])
    client.destroy()
  }, 10_000)

  test('behavior: each family in families.ts gives its provider; Solana only with Solana networks, a namespace with no family none', async () => {
    const bare = await setup()
    expect(bare.client.providerFor('eip155')).toBeDefined()
    expect(bare.client.providerFor('solana')).toBeUndefined()
    expect(bare.client.providerFor('bip122')).toBeUndefined()
    bare.client.destroy()
    const { client } = await setup({ solana: ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'] })
    expect(client.providerFor('solana')).toMatchObject({ name: 'Portico', chains: ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'], accounts: [] })
    client.destroy()
  }, 10_000)

  test("behavior: the frame's NOT_CONNECTED after a sign-in ends the eip155 provider's accounts", async () => {
    const { client, iframe, deliver } = await setup()
    const EOA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const frameWindow = iframe.contentWindow!
    frameWindow.postMessage = ((message: { type: string; id: string }) => {
      const payload = { email: 'ada@example.com', address: EOA, chainId: 31337, addresses: { eip155: EOA } }
      setTimeout(() => deliver({ type: `${message.type.replace('@portico-app/', '@portico-frame/')}_SUCCESS`, id: message.id, payload }, FRAME, frameWindow), 0)
    }) as typeof frameWindow.postMessage
    await client.getUser({ chainId: 31337 })
    const provider = client.providerFor('eip155') as Eip155Provider
    const seen: unknown[] = []
    provider.on('accountsChanged', (accounts: unknown) => seen.push(accounts))
    provider.on('disconnect', () => seen.push('disconnect'))
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([EOA])
    deliver({ type: '@portico-frame/NOT_CONNECTED', payload: {} }, FRAME, frameWindow)
    expect(seen).toEqual([[], 'disconnect'])
    expect(client.user()).toBeUndefined()
    client.destroy()
  }, 10_000)

  test('the frame may use passkeys on its own origin only (CUSTODY.md: the factor screens)', async () => {
    const { iframe, client } = await setup()
    expect(iframe.getAttribute('allow')).toBe(`publickey-credentials-get ${FRAME}; publickey-credentials-create ${FRAME}`)
    client.destroy()
  }, 10_000)
})
