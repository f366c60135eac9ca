import { PorticoError } from './base.js'
import { errorMessage, externalMessage, keyOf, type CatalogueMessage, type Message } from '../i18n/message.js'

/**
 * SPEC §8 'Quotes and unknown errors': error display uses a string, else the first issue
 * message (schema errors), else the error message; unknown error text is 'Unknown error'.
 * A Portico error keeps its key; any other text came from outside and is shown as it is.
 */
export function errorDisplayMessage(error: unknown): CatalogueMessage {
  if (typeof error === 'string') return externalMessage(error)
  if (error && typeof error === 'object') {
    const issues = (error as { issues?: unknown }).issues
    if (Array.isArray(issues) && typeof issues[0]?.message === 'string') return externalMessage(issues[0].message)
    if (error instanceof PorticoError) return { key: error.key, params: error.params, text: error.shortMessage }
    if (error instanceof Error && error.message) return externalMessage(error.message)
  }
  return errorMessage('unknownError')
}

/** The English of errorDisplayMessage, for hosts. */
export function errorDisplayText(error: unknown): string {
  return errorDisplayMessage(error).text
}

/** What a store keeps of an error: errorDisplayMessage's key and parameters, never its English. */
export const errorKeyOf = (error: unknown): Message => keyOf(errorDisplayMessage(error))
