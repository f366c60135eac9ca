import { createStore } from 'zustand/vanilla'
import type { SocialProvider } from '../defaults.js'
import type { EmailUpdateAction } from '../embedded/client.js'

/** The embedded wallet's UI state: email login, social login, email update, approval. */
export interface EmbeddedState {
  /** The frame: not loaded, loading, ready (READY + 500 ms) or failed. */
  frameStatus: 'idle' | 'loading' | 'ready' | 'failed'
  /** The email of the login in progress (EmailLogin shows it). */
  email: string | undefined
  /** What EmailLogin asks for: the code from the email, or a click on the device link. */
  emailStep: 'VERIFY_OTP' | 'VERIFY_DEVICE' | undefined
  /** When the last login email was requested (SPEC §5: 30 s cooldown). */
  lastEmailRequestAt: number | undefined
  /** A request to the frame is in flight (buttons show a spinner). */
  loading: boolean
  /** The text EmailLogin / UpdateEmailWallet / the social views show, from SPEC §8's catalogue. */
  error: string | undefined
  /** The social provider whose popup or connect is in progress. */
  socialProvider: SocialProvider | undefined
  socialStatus: 'idle' | 'popup' | 'connecting' | 'error'
  /** UpdateEmailWallet: which step, and the new address. */
  updateStep: 'EMAIL' | EmailUpdateAction
  updateEmail: string | undefined
  /** The unsafe method the frame asks the user to approve (ApproveTransaction). */
  approval: { method: string } | undefined
}

export const initialEmbeddedState: EmbeddedState = {
  frameStatus: 'idle',
  email: undefined,
  emailStep: undefined,
  lastEmailRequestAt: undefined,
  loading: false,
  error: undefined,
  socialProvider: undefined,
  socialStatus: 'idle',
  updateStep: 'EMAIL',
  updateEmail: undefined,
  approval: undefined,
}

export function createEmbeddedStore() {
  return createStore<EmbeddedState>(() => initialEmbeddedState)
}
export type EmbeddedStore = ReturnType<typeof createEmbeddedStore>
