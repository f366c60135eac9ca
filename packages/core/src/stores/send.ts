import { createStore } from 'zustand/vanilla'
import type { TokenBalance } from '../api/schemas.js'
import type { Problem } from '../i18n/message.js'

/**
 * Why the receiver field has no address: not an address nor a name ('invalidAddress'), or a name that
 * could not be resolved ('errorResolvingName', read in the name service's own words when it gave some).
 */
export type ReceiverProblem = Problem<'invalidAddress' | 'errorResolvingName'>

/** SPEC §3 'Send state'. */
export interface SendState {
  token: TokenBalance | undefined
  /** What the user typed, kept exactly (never reformatted: no lost input). */
  sendTokenAmount: string | undefined
  /** What the user typed in the receiver field (an address or a name), resolved after a pause. */
  receiverInput: string
  receiverAddress: string | undefined
  receiverProfileImageUrl: string | undefined
  receiverProfileName: string | undefined
  networkBalanceInUSD: string | undefined
  tokenBalances: TokenBalance[]
  loading: boolean
  lastRetry: number | undefined
  /** The network fee estimate for the preview, in the native currency. */
  fee: { amount: string; symbol: string; usd?: number } | undefined
  /** Set while the receiver name is being resolved. */
  receiverResolving: boolean
  /** Why the receiver typed has no address (a key and parameters, never a sentence). */
  receiverError: ReceiverProblem | undefined
  /** The receiver has no account yet (Solana: an address holding no lamports); undefined until known. */
  receiverIsNew: boolean | undefined
}

export const initialSendState: SendState = {
  token: undefined,
  sendTokenAmount: undefined,
  receiverInput: '',
  receiverAddress: undefined,
  receiverProfileImageUrl: undefined,
  receiverProfileName: undefined,
  networkBalanceInUSD: undefined,
  tokenBalances: [],
  loading: false,
  lastRetry: undefined,
  fee: undefined,
  receiverResolving: false,
  receiverError: undefined,
  receiverIsNew: undefined,
}

export function createSendStore() {
  return createStore<SendState>(() => initialSendState)
}
export type SendStore = ReturnType<typeof createSendStore>
