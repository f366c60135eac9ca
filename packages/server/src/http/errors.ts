/** The statuses a server error may answer with. */
export type HttpErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503

/**
 * The one base of the server's expected errors (auth, mail, chain, cursor, relay upgrade): thrown
 * anywhere below a route and answered once, by the app's error handler, as `{ error: message }`
 * with `status`. `details` is for the server's log, never for the answer.
 */
export class HttpError extends Error {
  readonly details: string | undefined

  constructor(
    readonly status: HttpErrorStatus,
    message: string,
    options: { details?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.details = options.details
  }
}
