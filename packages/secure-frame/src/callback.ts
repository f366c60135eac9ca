// The OAuth callback page on the secure origin (inside the social popup): hands the result URL to
// the host page that opened the popup, at the origin recorded when the sign-in started, then closes.
// (The type is FrameEvents.SOCIAL_RESULT of the protocol; spelled out to keep this script tiny.)
const SOCIAL_RESULT = '@portico-frame/SOCIAL_RESULT'

const { targetOrigin, resultUri } = document.body.dataset
const note = document.getElementById('callback-note')
if (targetOrigin && resultUri && window.opener) {
  ;(window.opener as Window).postMessage({ type: SOCIAL_RESULT, payload: { resultUri } }, targetOrigin)
  setTimeout(() => window.close(), 300)
} else if (note) note.textContent = 'Sign-in finished. You can close this window.'
