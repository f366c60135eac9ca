import { createStore } from 'zustand/vanilla'
import type { TokenBalance } from '../api/schemas.js'

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
  /** Set while the receiver name is being resolved, or when it could not be. */
  receiverResolving: boolean
  receiverError: string | undefined
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
