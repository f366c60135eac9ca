import { HttpRequestError } from '../api/http.js'
import { errorDisplayText } from '../errors/display.js'

/** The server's own words for a refused swap call ('Network not supported for Swaps', …), else the error's text. */
export function swapErrorText(error: unknown): string {
  if (error instanceof HttpRequestError && error.reason && error.status < 500) return error.reason
  if (error instanceof HttpRequestError) return 'The swap service did not answer; try again'
  return errorDisplayText(error)
}
