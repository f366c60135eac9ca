import { createStore } from 'zustand/vanilla'
import type { TokenBalance } from '../api/schemas.js'
import type { Problem } from '../i18n/message.js'

/**
 * Why the receiver field has no address: not an address nor a name ('invalidAddress'), or a name that
 * could not be resolved ('errorResolvingName', read in the name service's own words when it gave some).
 */
export type ReceiverProblem = Problem<'invalidAddress' | 'errorResolvingName'>

/** SPEC §5 network fee choice: how fast the transaction should confirm (Bitcoin's fee rates). */
export const FeeSpeeds = ['slow', 'normal', 'fast'] as const
export type FeeSpeed = (typeof FeeSpeeds)[number]
/** The network's fee rates in sat/vB, one per speed. */
export type FeeRates = Record<FeeSpeed, number>
/** A network fee estimate, in the native currency (and in USD when the price is known). */
export interface SendFee {
  amount: string
  symbol: string
  usd?: number
}

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
  fee: SendFee | undefined
  // The fee choice's fields are absent from the initial state (which is in every page's first load) until
  // fetchFeeRates sets them; resetting replaces the whole state, so they go with it.
  /** The network's fee rates, when the active adapter offers a choice (Bitcoin); undefined otherwise. */
  feeRates?: FeeRates | undefined
  /** The chosen speed (absent: 'normal'); its rate goes into the transfer. */
  feeSpeed?: FeeSpeed
  /** The fee estimate at each speed's rate, as they arrive. */
  feesBySpeed?: Partial<Record<FeeSpeed, SendFee>>
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
