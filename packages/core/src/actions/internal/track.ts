import { getAccount } from '../../stores/account.js'
import type { Portico } from '../../portico.js'

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
  if (!portico.api) return
  // The event's facts are taken now; the code that posts it loads after (not with the page).
  const caipNetworkId = portico.stores.network.getState().caipNetwork?.caipNetworkId
  const props = { type: 'track', event, address: getAccount(portico).address, properties: { caipNetworkId, ...properties } }
  const timestamp = portico.clock.now()
  // Loaded after the frame the event's cause paints: the import alone costs the open's frame a few ms.
  const schedule = portico.environment.afterPaint ?? ((task: () => void) => task())
  schedule(() => {
    import('./sendEvent.js')
      .then(({ sendEvent }) => sendEvent(portico, props, timestamp))
      .catch((error) => portico.logger.error('analytics event not sent', error))
  })
}
