import type { RelayConnection } from './connection.js'
import { relayHandlers, type RelayHandlerDeps } from './handlers.js'
import { errorFrame, parseFrame, resultFrame } from './jsonrpc.js'
import { RelayClose, RelayError, RPC_ERRORS } from './refusals.js'

/** Request tokens a frame costs: batches pay for their items, so 500 topics are not the price of one. */
function requestCost(params: unknown): number {
  const p = (params ?? {}) as Record<string, unknown>
  const items = [p.topics, p.messages, p.subscriptions].find(Array.isArray) as unknown[] | undefined
  return 1 + Math.floor((items?.length ?? 0) / 10)
}

export interface RelayMethodsDeps extends RelayHandlerDeps {
  /** A request that failed for another reason than a refusal (not logged while the relay closes). */
  onRequestFailed: (method: string, error: unknown) => void
}

/** The handling of every frame a client sends: a request is rate-limited, then dispatched by its method name (handlers.ts). */
export function relayMethods({ onRequestFailed, ...deps }: RelayMethodsDeps) {
  const { opts, now } = deps
  const handlers = relayHandlers(deps)

  /** One text frame from a client: an ack of a delivery, or a request (rate-limited), answered on the socket. */
  const onFrame = async (conn: RelayConnection, text: string) => {
    const frame = parseFrame(text)
    switch (frame.kind) {
      case 'response':
        return deps.topics.onResponse(conn, typeof frame.id === 'number' ? frame.id : Number(frame.id), frame.ok)
      case 'invalid':
        conn.send(errorFrame(frame.idRaw, { code: frame.code, message: frame.message }))
        return
      case 'notification':
        return
      case 'request': {
        const balance = conn.rate.spend(requestCost(frame.params), now())
        if (balance < 0) {
          conn.send(errorFrame(frame.idRaw, RPC_ERRORS.rateLimited))
          // Far beyond the limit: policy close (1008), which the SDK reconnects from (unlike 3000).
          if (balance < -opts.rateLimit.burst) conn.ws.close(RelayClose.rateLimit.code, RelayClose.rateLimit.reason)
          return
        }
        // Own names only: a method named after Object.prototype's members ('toString') is not one.
        const handle = Object.hasOwn(handlers, frame.method) ? handlers[frame.method] : undefined
        if (!handle) {
          conn.send(errorFrame(frame.idRaw, RPC_ERRORS.methodNotFound))
          return
        }
        try {
          const { result, after } = await handle(conn, frame.params)
          conn.send(resultFrame(frame.idRaw, result))
          after?.()
        } catch (error) {
          if (error instanceof RelayError) conn.send(errorFrame(frame.idRaw, { ...error.rpc, data: error.message }))
          else {
            onRequestFailed(frame.method, error)
            conn.send(errorFrame(frame.idRaw, RPC_ERRORS.internal))
          }
        }
      }
    }
  }

  return { onFrame }
}
