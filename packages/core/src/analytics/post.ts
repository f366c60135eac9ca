import { HttpRequestError } from '../api/http.js'
import type { Portico } from '../portico.js'

/** What became of one event: sent, refused by the server (the first 403), or not sent (analytics off, or the post failed). */
export type PostResult = 'sent' | 'refused' | 'skipped'

/**
 * Posts one analytics event to POST {api}/e, only with the host's and the project's consent
 * (known once `analytics.ready` settled). Never throws: analytics never break the modal. A 403
 * turns analytics off for the page and answers 'refused' once; the caller decides what the user
 * sees (actions/internal/sendEvent.ts raises SPEC §7's alert).
 */
export async function post(portico: Portico, body: Record<string, unknown>): Promise<PostResult> {
  if (!portico.api || portico.analytics.forbidden || !portico.stores.project.getState().analyticsEnabled) return 'skipped'
  try {
    await portico.api.post({ path: 'e', body })
    return 'sent'
  } catch (error) {
    if (!(error instanceof HttpRequestError) || error.status !== 403 || portico.analytics.forbidden) return 'skipped'
    portico.analytics.forbidden = true
    return 'refused'
  }
}
