import { setAlert } from '../actions/setAlert.js'
import { HttpRequestError } from '../api/http.js'
import type { Portico } from '../portico.js'

/** Posts an event (`props` of SPEC §7) after the next paint; analytics never break the modal. */
export function send(portico: Portico, props: Record<string, unknown>, timestamp = portico.clock.now()) {
  if (!portico.api) return
  const url = portico.environment.href()
  const body = { eventId: portico.environment.randomUUID(), url: url ?? '', domain: url ? new URL(url).hostname : '', timestamp, props }
  // After the frame the event's cause paints (MODAL_OPEN comes with the click that opens the modal).
  const schedule = portico.environment.afterPaint ?? ((task: () => void) => task())
  const ready = portico.analytics.ready
  schedule(() =>
    ready
      ? void ready.then(
          () => post(portico, body),
          (error) => portico.logger.error('analytics event not sent', error),
        )
      : post(portico, body),
  )
}

/**
 * Posts one analytics event to POST {api}/e, only with the host's and the project's consent
 * (known once `analytics.ready` settled). Loaded on the first event, not with the page.
 */
export function post(portico: Portico, body: Record<string, unknown>) {
  if (!portico.api || portico.analytics.forbidden || !portico.stores.project.getState().analyticsEnabled) return
  portico.api.post({ path: 'e', body }).catch((error) => {
    // SPEC §7: a 403 raises 'Invalid App Configuration' once; then we stop sending.
    if (error instanceof HttpRequestError && error.status === 403 && !portico.analytics.forbidden) {
      portico.analytics.forbidden = true
      setAlert(portico, 'APKT002', 'the analytics endpoint refused this project')
    }
  })
}
