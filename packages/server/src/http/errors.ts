/** The statuses a server error may answer with. */
export type HttpErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503

/** When a refused request may be made again: answered as `Retry-After` and in the body. */
export interface RetryAfter {
  /** Epoch ms (the server's clock). */
  at: number
  /** Whole seconds from now, at least 1. */
  seconds: number
}

/**
 * The one base of the server's expected errors (auth, mail, chain, cursor, relay upgrade): thrown
 * anywhere below a route and answered once, by the app's error handler, as `{ error: message }`
 * with `status`. `details` is for the server's log, never for the answer. `code` names the refusal
 * for clients that show their own words; `retry` adds `Retry-After` and `{ retryAt, retryAfterSec }`.
 */
export class HttpError extends Error {
  readonly details: string | undefined
  readonly code: string | undefined
  readonly retry: RetryAfter | undefined

  constructor(
    readonly status: HttpErrorStatus,
    message: string,
    options: { details?: string; cause?: unknown; code?: string; retry?: RetryAfter } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.details = options.details
    this.code = options.code
    this.retry = options.retry
  }
}

/** The answer's body for an HttpError. */
export function httpErrorBody(error: HttpError): { error: string; code?: string; retryAt?: string; retryAfterSec?: number } {
  return {
    error: error.message,
    ...(error.code ? { code: error.code } : {}),
    ...(error.retry ? { retryAt: new Date(error.retry.at).toISOString(), retryAfterSec: error.retry.seconds } : {}),
  }
}
