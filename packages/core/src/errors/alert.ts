import { providerErrorAlert, type AlertCode } from '../spec/catalogue.js'
import { PorticoError } from './base.js'

/**
 * The SPEC §8 alert an error stands for: the alertCode an adapter set at its boundary, else the
 * provider-error table applied to each message along the cause chain (a wallet or relay error
 * that reached core unmapped).
 */
export function alertCodeOf(error: unknown): AlertCode | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof PorticoError && current.alertCode) return current.alertCode
    const message = typeof current === 'string' ? current : (current as { message?: unknown }).message
    const code = typeof message === 'string' ? providerErrorAlert(message) : undefined
    if (code) return code
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined
  }
  return undefined
}
