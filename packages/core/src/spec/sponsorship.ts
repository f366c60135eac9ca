/**
 * Gas sponsorship (ERC-7677 paymaster service) between the server and the secure frame: the JSON-RPC
 * error codes a paymaster call answers with, so the frame decides by code, never by a sentence.
 */
export const SponsorshipErrorCode = {
  /** Not signed in to the embedded wallet, or the session is not this device's. */
  unauthorized: -32001,
  /** The UserOperation's sender is not the signed-in user's own smart account. */
  notOwnAccount: -32003,
  /** A gas term out of bounds (error.data.field names it). */
  gasTerms: -32602,
  /** The day's budget of the user or the project on this chain is spent (error.data: { scope, remainingWei, resetsAt }). */
  usedUp: -32011,
  /** Too many calls a minute (from this address, for this user, or signed for this project). */
  rateLimited: -32005,
} as const
