import type * as v from 'valibot'
import { FRAME_PREFIX, type FrameEventKind, type FrameEvents } from '@portico/embedded/protocol'

/** Tells the host page of a frame event (approval needed, factor screen shown, not connected, …). */
export type Emit = <K extends FrameEventKind>(kind: K, payload: v.InferInput<(typeof FrameEvents)[K]>) => void

export const createEmit =
  (post: (message: unknown) => void): Emit =>
  (kind, payload) =>
    post({ type: `${FRAME_PREFIX}${kind}`, payload })
