import { setAlert } from '../actions/setAlert.js'
import { HttpRequestError } from '../api/http.js'
import type { Portico } from '../portico.js'

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
