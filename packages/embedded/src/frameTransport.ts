import * as v from 'valibot'
import {
  APP_PREFIX,
  FRAME_PREFIX,
  FrameErrors,
  FactorScreenTimeoutMs,
  FrameEvents,
  FrameMessageSchema,
  FrameTimeouts,
  Requests,
  newMessageId,
  type FrameEventKind,
  type FrameQuery,
  type RequestKind,
  type RequestPayload,
  type RequestResult,
} from './protocol/index.js'
import { FrameRequestError, FrameStartError, FrameTimeoutError, type FrameStartFailureReason } from './frameErrors.js'
import { createPendingRequests, type Timers } from './pendingRequests.js'

export { FrameRequestError, FrameStartError, FrameTimeoutError, type FrameStartFailureReason } from './frameErrors.js'
export type { Timers } from './pendingRequests.js'

/** The part of `window` the transport needs (a fake in unit tests). */
export interface HostWindow {
  addEventListener(type: 'message', listener: (event: MessageLike) => void): void
  removeEventListener(type: 'message', listener: (event: MessageLike) => void): void
}
export interface MessageLike {
  data: unknown
  origin: string
  source: unknown
}
/** The frame element: created, shown and hidden by the transport's owner. */
export interface FrameElement {
  readonly contentWindow: { postMessage(message: unknown, targetOrigin: string): void } | null
}

export interface FrameTransportOptions {
  frameUrl: string
  query: FrameQuery
  window: HostWindow
  /** Creates and attaches the (hidden) frame element for `src`; called once. */
  mountFrame(src: string): FrameElement
  timers?: Timers
  /** Requests not named by SPEC §9 (reads, syncs): 30 s. */
  defaultTimeoutMs?: number
  /** An unsafe RPC request waits for the user on the approval screen: 10 minutes. */
  approvalTimeoutMs?: number
  onError(kind: (typeof FrameErrors)[keyof typeof FrameErrors], error: Error): void
  onEvent(kind: FrameEventKind, payload: unknown): void
  /**
   * Issue 28: the frame cannot start. With `storageAccess` it waits for the user's click on its
   * own storage-access button (READY may still come); without, `ready` rejects with FrameStartError.
   */
  onStartFailed?(reason: FrameStartFailureReason, storageAccess: boolean): void
  warn?(message: string, detail?: unknown): void
}

/** SPEC §7 query params on the frame's URL. */
export function frameSrc(frameUrl: string, query: FrameQuery): URL {
  const url = new URL(frameUrl)
  url.searchParams.set('projectId', query.projectId)
  url.searchParams.set('chainId', String(query.chainId))
  url.searchParams.set('version', query.version)
  url.searchParams.set('enableLogger', String(query.enableLogger))
  url.searchParams.set('rpcUrl', query.rpcUrl)
  if (query.enableCloudAuthAccount !== undefined) url.searchParams.set('enableCloudAuthAccount', String(query.enableCloudAuthAccount))
  if (query.locale) url.searchParams.set('locale', query.locale)
  if (query.themeMode) url.searchParams.set('themeMode', query.themeMode)
  return url
}

/**
 * The host's end of the channel to the secure frame. The frame's origin and its contentWindow
 * are pinned when the frame is created: a message counts only if it comes from that origin AND
 * that window, and then only if it passes the protocol's schemas (anything else is logged and
 * ignored). Messages go out with the frame's origin as targetOrigin, never '*'. Replies are
 * matched by a random 128-bit id and must be of the kind that was asked.
 */
export function createFrameTransport(options: FrameTransportOptions) {
  const timers: Timers = options.timers ?? {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  }
  const warn = options.warn ?? ((message, detail) => console.warn(`[portico] ${message}`, detail ?? ''))
  const src = frameSrc(options.frameUrl, options.query)
  const origin = src.origin
  const pending = createPendingRequests({
    timers,
    warn,
    onTimeout: (error) => options.onError(FrameErrors.requestTimeout, error),
    timeouts: { approvalMs: options.approvalTimeoutMs, defaultMs: options.defaultTimeoutMs },
  })
  let destroyed = false

  let markReady!: () => void
  let failLoad!: (error: Error) => void
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve
    failLoad = reject
  })
  ready.catch(() => undefined)
  let readySeen = false
  /** The frame said STARTING (or more): its script runs on the secure origin. */
  let started = false
  let settled = false
  let graceTimer: unknown

  function failStart(reason: FrameStartFailureReason, storageAccess: boolean) {
    if (settled || destroyed) return
    timers.clearTimeout(loadTimer)
    timers.clearTimeout(graceTimer)
    options.onStartFailed?.(reason, storageAccess)
    if (storageAccess) return
    settled = true
    failLoad(
      new FrameStartError(
        reason,
        reason === 'storage' ? 'The wallet frame cannot use storage in this browser' : 'The wallet frame did not start (its origin is unreachable or blocked)',
      ),
    )
  }

  const onMessage = (event: MessageLike) => {
    // Pinned origin and window: a message from anywhere else is not the frame's.
    if (event.origin !== origin || event.source !== target || target === null) {
      if (looksLikeFrameMessage(event.data) && !isSocialResult(event.data))
        warn('ignored a frame message from an unexpected origin or window', { origin: event.origin })
      return
    }
    const envelope = v.safeParse(FrameMessageSchema, event.data)
    if (!envelope.success) return warn('ignored an invalid frame message', envelope.issues[0]?.message)
    const { type, id, payload } = envelope.output
    const name = type.slice(FRAME_PREFIX.length)
    if (id === undefined) return handleEvent(name, payload)
    pending.reply(name, id, payload)
  }

  function handleEvent(name: string, payload: unknown) {
    // SOCIAL_RESULT comes from the social popup, never on the frame channel.
    if (!(name in FrameEvents) || name === 'SOCIAL_RESULT') return warn(`ignored an unknown frame event ${name}`)
    const kind = name as FrameEventKind
    const parsed = v.safeParse(FrameEvents[kind], payload ?? {})
    if (!parsed.success) return warn(`ignored an invalid ${kind} event`, parsed.issues[0]?.message)
    // The user is on one of the frame's factor screens: their time there does not count against
    // the request that showed it; its own timeout starts again once the screen is done.
    if (kind === 'FACTOR_SCREEN_NEEDED') pending.rearm(FactorScreenTimeoutMs)
    if (kind === 'FACTOR_SCREEN_DONE') pending.rearm()
    started = true
    if (kind === 'START_FAILED') {
      const failure = parsed.output as v.InferOutput<(typeof FrameEvents)['START_FAILED']>
      return failStart(failure.reason, failure.storageAccess)
    }
    if (kind === 'STARTING') return
    if (kind === 'READY') {
      if (readySeen || settled) return
      readySeen = true
      settled = true
      timers.clearTimeout(loadTimer)
      timers.clearTimeout(graceTimer)
      // SPEC §4: ready once the frame reports ready, plus an extra 500 ms.
      timers.setTimeout(markReady, FrameTimeouts.postReadyDelayMs)
    }
    options.onEvent(kind, parsed.output)
  }

  options.window.addEventListener('message', onMessage)
  const frame = options.mountFrame(src.toString())
  const target = frame.contentWindow
  const loadTimer = timers.setTimeout(() => {
    if (settled) return
    settled = true
    const error = new FrameTimeoutError(FrameErrors.loadFailed, `The wallet frame did not load within ${FrameTimeouts.loadMs / 1000} s`)
    options.onError(FrameErrors.loadFailed, error)
    failLoad(error)
  }, FrameTimeouts.loadMs)

  return {
    origin,
    frame,
    /** Resolves once the frame reported ready plus 500 ms; rejects after 20 s without it, or once it cannot start. */
    ready,
    /**
     * The frame element fired `load` (its document, or the browser's error page in its place):
     * a frame that has not said STARTING by then, and not within a short grace, never will.
     */
    frameLoaded() {
      if (started || settled || destroyed) return
      timers.clearTimeout(graceTimer)
      graceTimer = timers.setTimeout(() => {
        if (!started) failStart('unreachable', false)
      }, FrameTimeouts.startingGraceMs)
    },
    async request<K extends RequestKind>(kind: K, payload: RequestPayload<K>): Promise<RequestResult<K>> {
      // Outgoing messages pass the same schemas the frame checks.
      const parsed = v.safeParse(Requests[kind].payload, payload)
      if (!parsed.success) throw new FrameRequestError(kind, parsed.issues[0]?.message ?? 'invalid request')
      await ready
      if (destroyed || !target) throw new FrameRequestError(kind, 'The wallet frame is gone')
      const id = newMessageId()
      const reply = pending.add(kind, id, parsed.output)
      target.postMessage({ type: `${APP_PREFIX}${kind}`, id, payload: parsed.output }, origin)
      return reply
    },
    destroy() {
      destroyed = true
      options.window.removeEventListener('message', onMessage)
      timers.clearTimeout(loadTimer)
      timers.clearTimeout(graceTimer)
      // A frame given up before it was ready (a Retry while it waited for storage access).
      if (!settled) {
        settled = true
        failLoad(new FrameStartError('storage', 'The wallet frame is gone'))
      }
      pending.rejectAll((kind) => new FrameRequestError(kind, 'The wallet frame is gone'))
    },
  }
}
export type FrameTransport = ReturnType<typeof createFrameTransport>

function looksLikeFrameMessage(data: unknown) {
  return typeof (data as { type?: unknown })?.type === 'string' && (data as { type: string }).type.startsWith(FRAME_PREFIX)
}
function isSocialResult(data: unknown) {
  return (data as { type?: unknown })?.type === `${FRAME_PREFIX}SOCIAL_RESULT`
}
