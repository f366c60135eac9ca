import * as v from 'valibot'
import { FRAME_PREFIX, Requests, parseAppMessage, type RequestKind } from '@portico/embedded/protocol'
import { ApiError } from './api.js'
import { handlers } from './handlers/index.js'
import { frameLocaleReady } from './i18n/index.js'
import { RpcError } from './errors/rpc.js'
import type { FrameSession } from './session.js'

/** Kinds that only set state: they need not wait for the stored session. */
const immediate = new Set<RequestKind>(['SYNC_THEME', 'SYNC_LOCALE', 'SYNC_DAPP_DATA', 'RPC_ABORT'])

/**
 * Answers the host page's requests: only from the host window at its pinned origin, each parsed by the protocol,
 * run by its kind's handler (after the stored session is restored), its result checked against the protocol.
 */
export function listen(session: FrameSession, opts: { host: Window; post(message: unknown): void; restored: Promise<boolean>; log(...args: unknown[]): void }) {
  const { host, post, restored, log } = opts
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== host || event.origin !== session.hostOrigin) {
      console.warn('[portico-frame] ignored a message that is not from the host page', event.origin)
      return
    }
    const parsed = parseAppMessage(event.data)
    if ('error' in parsed) {
      console.warn('[portico-frame] ignored an invalid message:', parsed.error)
      return
    }
    const { kind, id, payload } = parsed
    log('request', kind)
    const handle = handlers[kind] as (session: FrameSession, payload: unknown) => Promise<unknown>
    // A request that may draw a screen waits for the locale asked for (its catalogue is a chunk of its own).
    const run = immediate.has(kind) ? handle(session, payload) : Promise.all([restored, frameLocaleReady()]).then(() => handle(session, payload))
    run.then(
      (result) => {
        const checked = v.safeParse(Requests[kind].result, result)
        if (!checked.success) {
          console.error('[portico-frame] result does not match the protocol', kind, checked.issues[0]?.message)
          post({ type: `${FRAME_PREFIX}${kind}_ERROR`, id, payload: { message: 'Something went wrong' } })
          return
        }
        post({ type: `${FRAME_PREFIX}${kind}_SUCCESS`, id, payload: checked.output })
      },
      async (error: unknown) => {
        const message = error instanceof Error ? error.message : 'Something went wrong'
        const code = error instanceof RpcError ? error.code : undefined
        log('error', kind, message)
        post({ type: `${FRAME_PREFIX}${kind}_ERROR`, id, payload: { message: message.slice(0, 2000), ...(code !== undefined ? { code } : {}) } })
        if (error instanceof ApiError && error.status === 401 && kind !== 'CONNECT_OTP') {
          await session.wallet.forget()
          session.emit('NOT_CONNECTED', {})
        }
      },
    )
  })
}
