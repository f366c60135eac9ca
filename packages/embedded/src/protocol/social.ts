import * as v from 'valibot'
import { FRAME_PREFIX, FrameEvents } from './messages.js'

/**
 * Addition to the contract (host side): the whole message the secure origin's social callback
 * page posts to window.opener, whose payload is FrameEvents.SOCIAL_RESULT. It carries no code,
 * state or token: the server redeemed the provider's answer itself. The host accepts it only
 * from the secure origin and from the popup it opened, then sends CONNECT_SOCIAL {} to the frame.
 */
export const SOCIAL_RESULT_TYPE = `${FRAME_PREFIX}SOCIAL_RESULT` as const
export const SocialResultMessageSchema = v.object({
  type: v.literal(SOCIAL_RESULT_TYPE),
  payload: FrameEvents.SOCIAL_RESULT,
})
export type SocialResultMessage = v.InferOutput<typeof SocialResultMessageSchema>
