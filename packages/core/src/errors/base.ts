import type { AlertCode, ErrorCategory } from '../spec/catalogue.js'
import type { CatalogueMessage } from '../i18n/message.js'
import type { MessageParams } from '../i18n/translate.js'

export interface PorticoErrorOptions {
  cause?: unknown
  details?: string
  category?: ErrorCategory
  alertCode?: AlertCode
}

/**
 * The one base error. `key` and `params` say what happened (a key of the message catalogue, shown
 * in the user's language as `t(key, params)`); `shortMessage` is its English, for hosts; `message`
 * adds details for developers. A bare string is a text from outside (a wallet's or a server's own):
 * its key is `error.external`, which shows it as it is. Fields are `declare`d: the constructor sets
 * each one, and class fields would only add bytes to a host's first load.
 */
export class PorticoError extends Error {
  override name = 'PorticoError'
  declare readonly key: CatalogueMessage['key']
  declare readonly params?: MessageParams
  declare readonly shortMessage: string
  declare readonly details?: string
  declare readonly category: ErrorCategory
  declare readonly alertCode?: AlertCode

  constructor(message: CatalogueMessage | string, options: PorticoErrorOptions = {}) {
    const { key, params, text } = typeof message === 'string' ? { key: 'error.external' as const, params: { text: message }, text: message } : message
    const details = options.details ?? detailsOf(options.cause)
    super(details && details !== text ? `${text}\n\nDetails: ${details}` : text, {
      cause: options.cause,
    })
    this.key = key
    this.params = params
    this.shortMessage = text
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
