import { HttpRequestError } from '../api/http.js'
import { errorDisplayMessage } from '../errors/display.js'
import { errorMessage, externalMessage, type CatalogueMessage } from '../i18n/message.js'

/** The server's own words for a refused swap call ('Network not supported for Swaps', …), else the error's message. */
export function swapErrorMessage(error: unknown): CatalogueMessage {
  if (error instanceof HttpRequestError && error.reason && error.status < 500) return externalMessage(error.reason)
  if (error instanceof HttpRequestError) return errorMessage('swapServiceUnavailable')
  return errorDisplayMessage(error)
}

/** The English of swapErrorMessage. */
export function swapErrorText(error: unknown): string {
  return swapErrorMessage(error).text
}
