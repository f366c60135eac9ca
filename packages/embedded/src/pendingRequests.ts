import * as v from 'valibot'
import { FrameRequestError, FrameTimeoutError } from './frameErrors.js'
import {
  ErrorPayloadSchema,
  FactorRequests,
  FactorScreenTimeoutMs,
  FrameErrors,
  FrameTimeouts,
  LongRequests,
  Requests,
  isUnsafeRpcMethod,
  type RequestKind,
  type RequestResult,
} from './protocol/index.js'

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

interface Pending {
  kind: RequestKind
  resolve(value: unknown): void
  reject(error: Error): void
  timer: unknown
  timeoutMs: number
  /** (Re)starts the timeout. */
  arm(ms: number): void
}

/**
 * The requests the host sent the frame and waits for (frameTransport.ts): each answered by the reply of its own
 * kind and id, whose result passes the protocol's schema, or timed out after its kind's time (SPEC §9).
 */
export function createPendingRequests(options: {
  timers: Timers
  warn(message: string, detail?: unknown): void
  onTimeout(error: FrameTimeoutError): void
  timeouts: { approvalMs?: number; defaultMs?: number }
}) {
  const { timers, warn } = options
  const pending = new Map<string, Pending>()

  function timeoutFor(kind: RequestKind, payload: unknown): number {
    // The user may be on one of the frame's factor screens (a passkey, a password).
    if ((FactorRequests as readonly string[]).includes(kind)) return FactorScreenTimeoutMs
    if ((LongRequests as readonly string[]).includes(kind)) return FrameTimeouts.connectMs
    if (kind === 'SIGN_OUT') return FrameTimeouts.signOutMs
    if (kind === 'RPC_REQUEST' && isUnsafeRpcMethod((payload as { method: string }).method)) return options.timeouts.approvalMs ?? 600_000
    return options.timeouts.defaultMs ?? 30_000
  }

  function settle(id: string) {
    const entry = pending.get(id)
    if (entry) timers.clearTimeout(entry.timer)
    pending.delete(id)
  }

  return {
    /** Waits for the reply to request `id` (sent by the caller right after). */
    add<K extends RequestKind>(kind: K, id: string, payload: unknown): Promise<RequestResult<K>> {
      const timeoutMs = timeoutFor(kind, payload)
      return new Promise<RequestResult<K>>((resolve, reject) => {
        const entry: Pending = {
          kind,
          resolve: resolve as (value: unknown) => void,
          reject,
          timer: undefined,
          timeoutMs,
          arm(ms) {
            timers.clearTimeout(entry.timer)
            entry.timer = timers.setTimeout(() => {
              pending.delete(id)
              const error = new FrameTimeoutError(FrameErrors.requestTimeout, `${kind} timed out after ${ms / 1000} s`)
              options.onTimeout(error)
              reject(error)
            }, ms)
          },
        }
        entry.arm(timeoutMs)
        pending.set(id, entry)
      })
    },

    /** A reply from the frame (`<KIND>_SUCCESS` or `<KIND>_ERROR`): settles its request, else is ignored. */
    reply(name: string, id: string, payload: unknown) {
      const match = /^(.*)_(SUCCESS|ERROR)$/.exec(name)
      const entry = pending.get(id)
      if (!match || !entry || match[1] !== entry.kind) return warn(`ignored a reply that matches no request (${name})`)
      if (match[2] === 'SUCCESS') {
        const parsed = v.safeParse(Requests[entry.kind].result, payload ?? {})
        if (!parsed.success) return warn(`ignored an invalid ${name} reply`, parsed.issues[0]?.message)
        settle(id)
        entry.resolve(parsed.output)
      } else {
        const parsed = v.safeParse(ErrorPayloadSchema, payload)
        if (!parsed.success) return warn(`ignored an invalid ${name} reply`, parsed.issues[0]?.message)
        settle(id)
        entry.reject(new FrameRequestError(entry.kind, parsed.output.message, parsed.output.code))
      }
    },

    /**
     * A factor screen is up (`atLeastMs`: the user's time there does not count against the request that showed
     * it) or done (no argument: each request's own timeout starts again).
     */
    rearm(atLeastMs?: number) {
      for (const entry of pending.values()) entry.arm(atLeastMs === undefined ? entry.timeoutMs : Math.max(entry.timeoutMs, atLeastMs))
    },

    /** The frame is gone: every request waiting is refused. */
    rejectAll(errorFor: (kind: RequestKind) => Error) {
      for (const [id, entry] of pending) {
        settle(id)
        entry.reject(errorFor(entry.kind))
      }
    },
  }
}
