import { post } from '../../analytics/post.js'
import type { Portico } from '../../portico.js'
import { setAlert } from '../setAlert.js'

/** Posts an event (`props` of SPEC §7) after the next paint; analytics never break the modal. */
export function sendEvent(portico: Portico, props: Record<string, unknown>, timestamp = portico.clock.now()) {
  if (!portico.api) return
  const url = portico.environment.href()
  const body = { eventId: portico.environment.randomUUID(), url: url ?? '', domain: url ? new URL(url).hostname : '', timestamp, props }
  // After the frame the event's cause paints (MODAL_OPEN comes with the click that opens the modal).
  const schedule = portico.environment.afterPaint ?? ((task: () => void) => task())
  const ready = portico.analytics.ready
  const postNow = () =>
    void post(portico, body).then((result) => {
      // SPEC §7: a 403 raises 'Invalid App Configuration' once; then nothing more is sent.
      if (result === 'refused') setAlert(portico, 'APKT002', 'the analytics endpoint refused this project')
    })
  schedule(() => (ready ? void ready.then(postNow, (error) => portico.logger.error('analytics event not sent', error)) : postNow()))
}
