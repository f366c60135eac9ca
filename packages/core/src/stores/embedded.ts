import { createStore } from 'zustand/vanilla'
import type { Message } from '../i18n/message.js'
import type { SocialProvider } from '../spec/defaults.js'
import type { EmailUpdateAction, FactorScreenPurpose, FrameStartFailure, WalletFactorKind, WalletFactors } from '../embedded/types.js'

/** The embedded wallet's UI state: email login, social login, email update, approval. */
export interface EmbeddedState {
  /** The frame: not loaded, loading, ready (READY + 500 ms) or failed. */
  frameStatus: 'idle' | 'loading' | 'ready' | 'failed'
  /**
   * Issue 28: why the frame could not start (its storage denied, or it never started); the email
   * field shows it with Retry. `storageAccess`: the frame's own button that asks for storage.
   */
  frameFailure: FrameStartFailure | undefined
  /** The email of the login in progress (EmailLogin shows it). */
  email: string | undefined
  /** What EmailLogin asks for: the code from the email, or a click on the device link. */
  emailStep: 'VERIFY_OTP' | 'VERIFY_DEVICE' | undefined
  /** When the last login email was requested (SPEC §5: 30 s cooldown). */
  lastEmailRequestAt: number | undefined
  /** A request to the frame is in flight (buttons show a spinner). */
  loading: boolean
  /** What EmailLogin / UpdateEmailWallet / the social views show: a key of SPEC §8's catalogue and its parameters. */
  error: Message | undefined
  /** The social provider whose popup or connect is in progress. */
  socialProvider: SocialProvider | undefined
  socialStatus: 'idle' | 'popup' | 'connecting' | 'error'
  /** UpdateEmailWallet: which step, and the new address. */
  updateStep: 'EMAIL' | EmailUpdateAction
  updateEmail: string | undefined
  /** The unsafe method the frame asks the user to approve (ApproveTransaction). */
  approval: { method: string } | undefined
  /** VERIFY_DEVICE: the code the approval mail and page show too (EmailLogin shows it). */
  matchCode: string | undefined
  /** The frame shows one of its factor screens (EmbeddedFactor lays the frame over the modal). */
  factorScreen: FactorScreenPurpose | undefined
  /** WalletSecurity: the factors that protect the wallet, and what is in progress. */
  security: {
    status: 'idle' | 'loading' | 'ready' | 'error'
    factors: WalletFactors | undefined
    /** The factor kind being added, or the id of the one being removed. */
    busy: WalletFactorKind | string | undefined
    error: Message | undefined
    /** A short text after a change ('Passkey added'). */
    notice: Message | undefined
  }
}

export const initialEmbeddedState: EmbeddedState = {
  frameStatus: 'idle',
  frameFailure: undefined,
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
  matchCode: undefined,
  factorScreen: undefined,
  security: { status: 'idle', factors: undefined, busy: undefined, error: undefined, notice: undefined },
}

export function createEmbeddedStore() {
  return createStore<EmbeddedState>(() => initialEmbeddedState)
}
export type EmbeddedStore = ReturnType<typeof createEmbeddedStore>
