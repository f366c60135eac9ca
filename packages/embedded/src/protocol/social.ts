import * as v from 'valibot'
import { FRAME_PREFIX, FrameEvents } from './messages.js'

/**
 * Addition to the contract (host side): the whole message the secure origin's social callback
 * page posts to window.opener, whose payload is FrameEvents.SOCIAL_RESULT. The host accepts it
 * only from the secure origin and from the popup it opened, and only with an http(s) result URI,
 * then sends CONNECT_SOCIAL { uri: resultUri } to the frame.
 */
export const SOCIAL_RESULT_TYPE = `${FRAME_PREFIX}SOCIAL_RESULT` as const
export const SocialResultMessageSchema = v.object({
  type: v.literal(SOCIAL_RESULT_TYPE),
  payload: v.pipe(
    FrameEvents.SOCIAL_RESULT,
    v.check((p) => p.resultUri.length <= 4096 && /^https?:\/\//.test(p.resultUri), 'resultUri must be an http(s) URL'),
  ),
})
export type SocialResultMessage = v.InferOutput<typeof SocialResultMessageSchema>
