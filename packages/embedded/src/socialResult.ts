import type { PopupHandle } from '@portico/core'
import * as v from 'valibot'
import type { HostWindow, MessageLike } from './frameTransport.js'
import { SocialResultMessageSchema } from './protocol/index.js'

/**
 * SPEC §7 'Social popup': the result is accepted only from the secure origin, only from the
 * popup this click opened, and only in the shape of the protocol's SOCIAL_RESULT. It says only
 * whether the sign-in finished (the server redeemed the provider's answer itself).
 */
export function waitForSocialResult(host: { window: HostWindow; warn?(message: string, detail?: unknown): void }, origin: string, popup: PopupHandle) {
  let onMessage: (event: MessageLike) => void = () => {}
  const result = new Promise<'done' | 'error'>((resolve) => {
    onMessage = (event) => {
      if (event.origin !== origin || event.source !== popup.window) return
      const parsed = v.safeParse(SocialResultMessageSchema, event.data)
      if (!parsed.success) {
        ;(host.warn ?? console.warn)('[portico] ignored an invalid social result message', parsed.issues[0]?.message)
        return
      }
      host.window.removeEventListener('message', onMessage)
      resolve(parsed.output.payload.status)
    }
    host.window.addEventListener('message', onMessage)
  })
  return { result, cancel: () => host.window.removeEventListener('message', onMessage) }
}
