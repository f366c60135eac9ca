import { getAccount } from '../stores/account.js'
import { setAlert } from '../actions/setAlert.js'
import { HttpRequestError } from '../api/http.js'
import { ErrorReportThrottle } from '../spec/defaults.js'
import { errorDisplayText } from '../errors/display.js'
import type { Portico } from '../portico.js'

/** Names of the events Portico reports (SPEC §7 'Analytics'). */
export type AnalyticsEvent =
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'SELECT_WALLET'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'
  | 'DISCONNECT_SUCCESS'
  | 'DISCONNECT_ERROR'
  | 'SWITCH_NETWORK'
  | 'SOCIAL_LOGIN_STARTED'
  | 'SOCIAL_LOGIN_REQUEST_USER_DATA'
  | 'SOCIAL_LOGIN_SUCCESS'
  | 'SOCIAL_LOGIN_ERROR'
  | 'SEND_SUCCESS'
  | 'SEND_ERROR'
  | 'ERROR_FETCH_TRANSACTIONS'
  | 'SIWX_AUTH_SUCCESS'
  | 'SIWX_AUTH_ERROR'

/**
 * Sends one event to POST {api}/e with the body of SPEC §7. Nothing at all is sent while
 * analytics are off (host feature or project config). Fire and forget: analytics never break
 * the modal.
 */
export function track(portico: Portico, event: AnalyticsEvent, properties: Record<string, unknown> = {}) {
  const caipNetworkId = portico.stores.network.getState().caipNetwork?.caipNetworkId
  send(portico, { type: 'track', event, address: getAccount(portico).address, properties: { caipNetworkId, ...properties } })
}

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
  send(portico, {
    type: 'error',
    event: 'ERROR',
    errorType,
    errorMessage: errorDisplayText(error),
    stackTrace: error instanceof Error ? (error.stack ?? '').slice(0, 4000) : undefined,
  })
}

function send(portico: Portico, props: Record<string, unknown>) {
  if (!portico.api) return
  const url = portico.environment.href()
  const body = {
    eventId: portico.environment.randomUUID(),
    url: url ?? '',
    domain: url ? new URL(url).hostname : '',
    timestamp: portico.clock.now(),
    props,
  }
  // After the frame the event's cause paints (MODAL_OPEN comes with the click that opens the modal).
  const schedule = portico.environment.afterPaint ?? ((task: () => void) => task())
  const ready = portico.analytics.ready
  schedule(() => (ready ? void ready.then(() => post(portico, body)) : post(portico, body)))
}

/** Sent only with the host's and the project's consent (known once `analytics.ready` settled). */
function post(portico: Portico, body: Record<string, unknown>) {
  if (!portico.api || portico.analytics.forbidden || !portico.stores.project.getState().analyticsEnabled) return
  portico.api.post({ path: 'e', body }).catch((error) => {
    // SPEC §7: a 403 raises 'Invalid App Configuration' once; then we stop sending.
    if (error instanceof HttpRequestError && error.status === 403 && !portico.analytics.forbidden) {
      portico.analytics.forbidden = true
      setAlert(portico, 'APKT002', 'the analytics endpoint refused this project')
    }
  })
}
