import type { AccountState } from '@portico/core'

/** A stable empty account so store selectors return the same object while disconnected. */
export const emptyAccount: AccountState = Object.freeze({
  caipAddress: undefined,
  address: undefined,
  balance: undefined,
  balanceSymbol: undefined,
  balanceLoading: false,
  balanceError: undefined,
  balanceFailedAt: undefined,
  profileName: undefined,
  profileImage: undefined,
  tokenBalance: undefined,
  status: 'disconnected',
  preferredAccountType: undefined,
}) as AccountState
