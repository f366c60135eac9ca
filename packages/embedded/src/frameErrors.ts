import type { FrameErrors, RequestKind } from './protocol/index.js'

/** The frame transport's errors (frameTransport.ts): a request's refusal or timeout, a frame that cannot start. */

/** A request the frame answered with an error. `code` is an EIP-1193 code when the frame gave one. */
export class FrameRequestError extends Error {
  override name = 'FrameRequestError'
  constructor(
    readonly kind: RequestKind,
    message: string,
    readonly code?: number,
  ) {
    super(message)
  }
}

/** SPEC §8: reported when the frame does not load in time, or a request times out. */
export class FrameTimeoutError extends Error {
  override name = 'FrameTimeoutError'
  constructor(
    readonly reason: (typeof FrameErrors)[keyof typeof FrameErrors],
    message: string,
  ) {
    super(message)
  }
}

/** Why the frame could not start (issue 28): its storage is denied, or it never said it started. */
export type FrameStartFailureReason = 'storage' | 'unreachable'

/** The frame cannot start: no READY will come (this frame is given up). */
export class FrameStartError extends Error {
  override name = 'FrameStartError'
  constructor(
    readonly reason: FrameStartFailureReason,
    message: string,
  ) {
    super(message)
  }
}
