import type { AlertCode, ErrorCategory } from '../spec/catalogue.js'

export interface PorticoErrorOptions {
  cause?: unknown
  details?: string
  category?: ErrorCategory
  alertCode?: AlertCode
}

/**
 * The one base error. `shortMessage` is the text a user may see (from the catalogue);
 * `message` adds details for developers.
 */
export class PorticoError extends Error {
  override name = 'PorticoError'
  readonly shortMessage: string
  readonly details?: string
  readonly category: ErrorCategory
  readonly alertCode?: AlertCode

  constructor(shortMessage: string, options: PorticoErrorOptions = {}) {
    const details = options.details ?? detailsOf(options.cause)
    super(details && details !== shortMessage ? `${shortMessage}\n\nDetails: ${details}` : shortMessage, {
      cause: options.cause,
    })
    this.shortMessage = shortMessage
    this.details = details
    this.category = options.category ?? 'INTERNAL_SDK_ERROR'
    this.alertCode = options.alertCode
  }

  /** Walks the cause chain; returns the first error matching `fn`, or the deepest one. */
  walk(fn?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    while (current instanceof Error) {
      if (fn?.(current)) return current
      if (!current.cause) return fn ? undefined : current
      current = current.cause
    }
    return fn ? (fn(current) ? current : undefined) : current
  }
}

function detailsOf(cause: unknown): string | undefined {
  if (cause instanceof PorticoError) return cause.details ?? cause.shortMessage
  if (cause instanceof Error) return cause.message
  if (typeof cause === 'string') return cause
  return undefined
}
