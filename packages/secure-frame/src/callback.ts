// The OAuth callback page on the secure origin (inside the social popup). The server already
// redeemed the provider's answer when it served this page; the page only tells the host page
// that opened the popup (at the origin recorded when the sign-in started) that it is done, then
// closes. No code, state or token is posted (CUSTODY.md).
// (The type is FrameEvents.SOCIAL_RESULT of the protocol; spelled out to keep this script tiny.)
const SOCIAL_RESULT = '@portico-frame/SOCIAL_RESULT'

const { targetOrigin, status: result } = document.body.dataset
const note = document.getElementById('callback-note')
if (targetOrigin && (result === 'done' || result === 'error') && window.opener) {
  ;(window.opener as Window).postMessage({ type: SOCIAL_RESULT, payload: { status: result } }, targetOrigin)
  setTimeout(() => window.close(), 300)
} else if (note) note.textContent = 'Sign-in finished. You can close this window.'
