import { getAccount } from '../stores/account.js'
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

/** Posts an event (`props` of SPEC §7) after the next paint; analytics never break the modal. */
export function send(portico: Portico, props: Record<string, unknown>) {
  if (!portico.api) return
  const url = portico.environment.href()
  const body = {
    eventId: portico.environment.randomUUID(),
    url: url ?? '',
    domain: url ? new URL(url).hostname : '',
    timestamp: portico.clock.now(),
    props,
  }
  // After the frame the event's cause paints (MODAL_OPEN comes with the click that opens the modal);
  // the code that posts it loads then too, not with the page.
  const schedule = portico.environment.afterPaint ?? ((task: () => void) => task())
  const ready = portico.analytics.ready
  schedule(() => {
    const posted = Promise.all([import('./post.js'), ready]).then(([{ post }]) => post(portico, body))
    posted.catch((error) => portico.logger.error('analytics event not sent', error))
  })
}
