import { PorticoError } from './base.js'
import { ConnectionErrorText as ErrorText } from '../spec/connectionErrorText.js'

/**
 * SPEC §8 'Quotes and unknown errors': error display uses a string, else the first issue
 * message (schema errors), else the error message; unknown error text is 'Unknown error'.
 */
export function errorDisplayText(error: unknown): string {
  if (typeof error === 'string') return error
  if (error && typeof error === 'object') {
    const issues = (error as { issues?: unknown }).issues
    if (Array.isArray(issues) && typeof issues[0]?.message === 'string') return issues[0].message
    if (error instanceof PorticoError) return error.shortMessage
    if (error instanceof Error && error.message) return error.message
  }
  return ErrorText.unknownError
}
