import { describe, expect, test, vi } from 'vitest'
import { createFrameTransport, frameSrc, type MessageLike } from './frameTransport.js'
import { FrameTimeouts } from './protocol/index.js'

const FRAME = 'http://127.0.0.1:8788'

/** A host window whose message events the test dispatches, and a frame window that records posts. */
function harness({ timeouts = true } = {}) {
  const listeners = new Set<(event: MessageLike) => void>()
  const posted: Array<{ message: { type: string; id: string; payload: unknown }; targetOrigin: string }> = []
  const frameWindow = { postMessage: (message: never, targetOrigin: string) => void posted.push({ message, targetOrigin }) }
  const errors: string[] = []
  const events: string[] = []
  const warnings: string[] = []
  const startFailures: string[] = []
  let src = ''
  if (timeouts) vi.useFakeTimers()
  const transport = createFrameTransport({
    frameUrl: `${FRAME}/`,
    query: { projectId: 'p1', chainId: 31337, version: '4.0.0', enableLogger: false, rpcUrl: 'http://127.0.0.1:8545' },
    window: {
      addEventListener: (_type, l) => void listeners.add(l),
      removeEventListener: (_type, l) => void listeners.delete(l),
    },
    mountFrame(url) {
      src = url
      return { contentWindow: frameWindow }
    },
    onError: (kind) => void errors.push(kind),
    onEvent: (kind) => void events.push(kind),
    onStartFailed: (reason, storageAccess) => void startFailures.push(`${reason}${storageAccess ? ' (storage access asked)' : ''}`),
    warn: (message) => void warnings.push(message),
  })
  const deliver = (data: unknown, { origin = FRAME, source = frameWindow as unknown } = {}) => listeners.forEach((l) => l({ data, origin, source }))
  const ready = async () => {
    deliver({ type: '@portico-frame/READY', payload: {} })
    await vi.advanceTimersByTimeAsync(FrameTimeouts.postReadyDelayMs)
  }
  return { transport, deliver, ready, posted, errors, events, warnings, startFailures, frameWindow, src: () => src, listeners }
}

describe('frame channel: origin and window pinning, schemas, ids (SPEC §7, §8)', () => {
  test("default: the frame URL carries SPEC §7's query params", () => {
    const url = frameSrc(`${FRAME}/frame`, {
      projectId: 'p1',
      chainId: 31337,
      version: '4.0.0',
      enableLogger: true,
      rpcUrl: 'http://127.0.0.1:8545',
      enableCloudAuthAccount: false,
    })
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'p1',
      chainId: '31337',
      version: '4.0.0',
      enableLogger: 'true',
      rpcUrl: 'http://127.0.0.1:8545',
      enableCloudAuthAccount: 'false',
    })
    expect(url.origin).toBe(FRAME)
    const { src } = harness({ timeouts: false })
    expect(new URL(src()).searchParams.has('enableCloudAuthAccount')).toBe(false)
  })

  test('default: a request goes to the frame origin (never *) with a 32-hex random id, and the matching reply resolves it', async () => {
    const h = harness()
    await h.ready()
    const reply = h.transport.request('CONNECT_EMAIL', { email: 'ada@example.com' })
    await vi.advanceTimersByTimeAsync(0)
    const [{ message, targetOrigin }] = h.posted
    expect(targetOrigin).toBe(FRAME)
    expect(message).toMatchObject({ type: '@portico-app/CONNECT_EMAIL', payload: { email: 'ada@example.com' } })
    expect(message.id).toMatch(/^[0-9a-f]{32}$/)
    h.deliver({ type: '@portico-frame/CONNECT_EMAIL_SUCCESS', id: message.id, payload: { action: 'VERIFY_OTP' } })
    await expect(reply).resolves.toEqual({ action: 'VERIFY_OTP' })
    vi.useRealTimers()
  })

  test('rule: messages from another origin, another window, or of a bad shape are ignored (and logged)', async () => {
    const h = harness()
    let settled = false
    void h.transport.ready.then(() => (settled = true))
    // A READY from the right window but the wrong origin, and from the right origin but another window.
    h.deliver({ type: '@portico-frame/READY', payload: {} }, { origin: 'http://127.0.0.1:5173' })
    h.deliver({ type: '@portico-frame/READY', payload: {} }, { source: { postMessage() {} } })
    await vi.advanceTimersByTimeAsync(1000)
    expect(settled).toBe(false)
    await h.ready()
    const reply = h.transport.request('GET_USER', {})
    await vi.advanceTimersByTimeAsync(0)
    const id = h.posted[0]!.message.id
    let result: unknown
    void reply.then((r) => (result = r))
    const forged = { type: '@portico-frame/GET_USER_SUCCESS', id, payload: { address: '0xevil', chainId: 1 } }
    h.deliver(forged, { origin: 'http://evil.example' })
    h.deliver(forged, { source: {} })
    h.deliver({ type: '@portico-frame/GET_USER_SUCCESS', id, payload: { chainId: 1 } }) // no address: bad schema
    h.deliver({ type: '@portico-frame/GET_USER_SUCCESS', id: 'abc', payload: { address: '0x1', chainId: 1 } }) // bad id
    h.deliver({ type: '@portico-frame/SIGN_OUT_SUCCESS', id, payload: {} }) // a reply of another kind
    h.deliver('not even an object')
    await vi.advanceTimersByTimeAsync(0)
    expect(result).toBeUndefined()
    expect(h.warnings.length).toBeGreaterThanOrEqual(5)
    h.deliver({ type: '@portico-frame/GET_USER_SUCCESS', id, payload: { address: '0x1', chainId: 31337 } })
    await expect(reply).resolves.toMatchObject({ address: '0x1' })
    vi.useRealTimers()
  })

  test("rule: an error reply rejects with the frame's message and code", async () => {
    const h = harness()
    await h.ready()
    const reply = h.transport.request('RPC_REQUEST', { method: 'eth_foo', chainNamespace: 'eip155' })
    await vi.advanceTimersByTimeAsync(0)
    h.deliver({ type: '@portico-frame/RPC_REQUEST_ERROR', id: h.posted[0]!.message.id, payload: { message: 'Requested RPC call is not allowed', code: 4200 } })
    await expect(reply).rejects.toMatchObject({ message: 'Requested RPC call is not allowed', code: 4200 })
    vi.useRealTimers()
  })

  test('rule: outgoing payloads pass the protocol schemas before anything is posted', async () => {
    const h = harness()
    await h.ready()
    await expect(h.transport.request('CONNECT_EMAIL', { email: 'nope' })).rejects.toThrow('Invalid Email Address')
    await expect(h.transport.request('GET_SOCIAL_REDIRECT_URI', { provider: 'myspace' as never })).rejects.toThrow()
    expect(h.posted).toHaveLength(0)
    vi.useRealTimers()
  })

  test('rule: SPEC §4 — ready once the frame reports ready, plus 500 ms; requests wait for it', async () => {
    const h = harness()
    const reply = h.transport.request('IS_CONNECTED', {})
    h.deliver({ type: '@portico-frame/READY', payload: {} })
    await vi.advanceTimersByTimeAsync(499)
    expect(h.posted).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(h.posted).toHaveLength(1)
    h.deliver({ type: '@portico-frame/IS_CONNECTED_SUCCESS', id: h.posted[0]!.message.id, payload: { isConnected: false } })
    await expect(reply).resolves.toEqual({ isConnected: false })
    expect(h.events).toEqual(['READY'])
    vi.useRealTimers()
  })

  test('error: no READY within 20 s reports iframe_load_failed', async () => {
    const h = harness()
    const ready = h.transport.ready.catch((e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(FrameTimeouts.loadMs - 1)
    expect(h.errors).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(h.errors).toEqual(['iframe_load_failed'])
    expect(await ready).toMatch(/did not load within 20 s/)
    vi.useRealTimers()
  })

  test('error: SPEC §9 timeouts — 120 s for the connect requests, 3 s for sign-out — report iframe_request_timeout', async () => {
    const h = harness()
    await h.ready()
    const connect = h.transport.request('CONNECT_OTP', { otp: '123456' }).catch((e: Error) => e.message)
    const signOut = h.transport.request('SIGN_OUT', {}).catch((e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(FrameTimeouts.signOutMs)
    expect(await signOut).toMatch(/SIGN_OUT timed out/)
    await vi.advanceTimersByTimeAsync(FrameTimeouts.connectMs - FrameTimeouts.signOutMs - 1)
    expect(h.errors).toEqual(['iframe_request_timeout'])
    await vi.advanceTimersByTimeAsync(1)
    expect(await connect).toMatch(/CONNECT_OTP timed out after 120 s/)
    expect(h.errors).toEqual(['iframe_request_timeout', 'iframe_request_timeout'])
    vi.useRealTimers()
  })

  test("rule: while the frame shows a factor screen (CUSTODY.md), the user's time there does not count; SPEC §9's timeout restarts after it", async () => {
    const h = harness()
    await h.ready()
    const connect = h.transport.request('CONNECT_OTP', { otp: '123456' }).catch((e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(60_000)
    h.deliver({ type: '@portico-frame/FACTOR_SCREEN_NEEDED', payload: { purpose: 'unlock' } })
    await vi.advanceTimersByTimeAsync(5 * 60_000) // the user looks for their passkey
    expect(h.errors).toEqual([])
    h.deliver({ type: '@portico-frame/FACTOR_SCREEN_DONE', payload: {} })
    await vi.advanceTimersByTimeAsync(FrameTimeouts.connectMs - 1)
    expect(h.errors).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(await connect).toMatch(/CONNECT_OTP timed out after 120 s/)
    expect(h.events).toContain('FACTOR_SCREEN_NEEDED')
    h.deliver({ type: '@portico-frame/FACTOR_SCREEN_NEEDED', payload: { purpose: 'anything' } }) // not a purpose of the protocol
    expect(h.warnings.at(-1)).toMatch(/invalid FACTOR_SCREEN_NEEDED/)
    vi.useRealTimers()
  })

  test('behavior: frame events are validated and passed on; unknown events are ignored', async () => {
    const h = harness()
    await h.ready()
    h.deliver({ type: '@portico-frame/RPC_APPROVAL_NEEDED', payload: { method: 'personal_sign' } })
    h.deliver({ type: '@portico-frame/RPC_APPROVAL_NEEDED', payload: {} })
    h.deliver({ type: '@portico-frame/SELF_DESTRUCT', payload: {} })
    h.deliver({ type: '@portico-frame/NOT_CONNECTED', payload: {} })
    expect(h.events).toEqual(['READY', 'RPC_APPROVAL_NEEDED', 'NOT_CONNECTED'])
    h.transport.destroy()
    expect(h.listeners.size).toBe(0)
    vi.useRealTimers()
  })
})

describe('issue 28: a frame that cannot start says so at once, not after 20 s', () => {
  test("rule: the frame's START_FAILED (its storage denied) rejects ready at once; it is not an event for the client", async () => {
    const h = harness()
    const ready = h.transport.ready.catch((e: Error) => e)
    h.deliver({ type: '@portico-frame/STARTING', payload: {} })
    h.deliver({ type: '@portico-frame/START_FAILED', payload: { reason: 'storage', storageAccess: false } })
    const error = (await ready) as Error & { reason?: string }
    expect(error.name).toBe('FrameStartError')
    expect(error.reason).toBe('storage')
    expect(h.startFailures).toEqual(['storage'])
    expect(h.events).toEqual([])
    // No second report when the 20 s pass.
    await vi.advanceTimersByTimeAsync(FrameTimeouts.loadMs)
    expect(h.errors).toEqual([])
    vi.useRealTimers()
  })

  test("behavior: with storageAccess the frame waits for the user's click on its own button: READY after the grant resolves ready", async () => {
    const h = harness()
    let outcome = 'pending'
    void h.transport.ready.then(
      () => (outcome = 'ready'),
      () => (outcome = 'failed'),
    )
    h.deliver({ type: '@portico-frame/START_FAILED', payload: { reason: 'storage', storageAccess: true } })
    expect(h.startFailures).toEqual(['storage (storage access asked)'])
    // The user may take longer than the 20 s load timeout to click.
    await vi.advanceTimersByTimeAsync(FrameTimeouts.loadMs * 2)
    expect(outcome).toBe('pending')
    await h.ready()
    expect(outcome).toBe('ready')
    vi.useRealTimers()
  })

  test('behavior: refused on the click, the frame says START_FAILED again without storage access: ready rejects', async () => {
    const h = harness()
    const ready = h.transport.ready.catch((e: Error) => e.name)
    h.deliver({ type: '@portico-frame/START_FAILED', payload: { reason: 'storage', storageAccess: true } })
    h.deliver({ type: '@portico-frame/START_FAILED', payload: { reason: 'storage', storageAccess: false } })
    expect(await ready).toBe('FrameStartError')
    expect(h.startFailures).toEqual(['storage (storage access asked)', 'storage'])
    vi.useRealTimers()
  })

  test('error: the frame document loaded without STARTING (the origin unreachable, the frame blocked): unreachable after the 2 s grace', async () => {
    const h = harness()
    const ready = h.transport.ready.catch((e: Error & { reason?: string }) => e.reason)
    await vi.advanceTimersByTimeAsync(300)
    h.transport.frameLoaded()
    await vi.advanceTimersByTimeAsync(FrameTimeouts.startingGraceMs - 1)
    expect(h.startFailures).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(await ready).toBe('unreachable')
    expect(h.startFailures).toEqual(['unreachable'])
    vi.useRealTimers()
  })

  test('behavior: a frame that said STARTING before its load event is not counted unreachable; its READY may come later', async () => {
    const h = harness()
    h.deliver({ type: '@portico-frame/STARTING', payload: {} })
    h.transport.frameLoaded()
    await vi.advanceTimersByTimeAsync(FrameTimeouts.startingGraceMs * 3)
    expect(h.startFailures).toEqual([])
    await h.ready()
    await expect(h.transport.ready).resolves.toBeUndefined()
    vi.useRealTimers()
  })

  test('rule: START_FAILED from another origin or window, or of a bad shape, is ignored', async () => {
    const h = harness()
    h.deliver({ type: '@portico-frame/START_FAILED', payload: { reason: 'storage', storageAccess: false } }, { origin: 'http://evil.example' })
    h.deliver({ type: '@portico-frame/START_FAILED', payload: { reason: 'storage', storageAccess: false } }, { source: {} })
    h.deliver({ type: '@portico-frame/START_FAILED', payload: { reason: 'disk-full', storageAccess: false } })
    expect(h.startFailures).toEqual([])
    expect(h.warnings.length).toBe(3)
    await h.ready()
    await expect(h.transport.ready).resolves.toBeUndefined()
    vi.useRealTimers()
  })

  test("default: the host's locale and mode go on the frame's URL (codes only): what it draws before READY speaks them", () => {
    const url = frameSrc(`${FRAME}/frame`, { projectId: 'p1', chainId: 1, version: '4', enableLogger: false, rpcUrl: '', locale: 'ar', themeMode: 'light' })
    expect(url.searchParams.get('locale')).toBe('ar')
    expect(url.searchParams.get('themeMode')).toBe('light')
  })
})
