import { errorDisplayText } from '../../errors/display.js'
import type { Portico } from '../../portico.js'
import { ErrorReportThrottle } from '../../spec/defaults.js'
import { sendEvent } from './sendEvent.js'

/**
 * Reports an SDK error (SPEC §7: props type error, event, errorType, errorMessage, stackTrace),
 * at most 5 per 60 s.
 */
export function reportError(portico: Portico, error: unknown, errorType = 'INTERNAL_SDK_ERROR') {
  const now = portico.clock.now()
  const times = portico.analytics.errorReportTimes.filter((t) => now - t < ErrorReportThrottle.windowMs)
  if (times.length >= ErrorReportThrottle.max) {
    portico.analytics.errorReportTimes = times
    return
  }
  portico.analytics.errorReportTimes = [...times, now]
  sendEvent(portico, {
    type: 'error',
    event: 'ERROR',
    errorType,
    errorMessage: errorDisplayText(error),
    stackTrace: error instanceof Error ? (error.stack ?? '').slice(0, 4000) : undefined,
  })
}
