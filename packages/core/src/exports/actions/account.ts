// @portico/core, the account: identity, tokens, NFTs, activity (issue 4). Explicit named re-exports, re-exported by index.ts.
export { TokenBalanceSchema, type TokenBalance } from '../../api/schemas.js'
export {
  fetchIdentity,
  type FetchIdentityErrorType,
  type FetchIdentityParameters,
  type FetchIdentityReturnType,
} from '../../actions/fetchIdentity.js'
export {
  getIdentity,
  type GetIdentityErrorType,
  type GetIdentityParameters,
  type GetIdentityReturnType,
  type Identity,
} from '../../actions/getIdentity.js'
export { fetchNfts, type FetchNftsReturnType, type FetchNftsErrorType } from '../../actions/fetchNfts.js'
export {
  fetchTransactions,
  type FetchTransactionsParameters,
  type FetchTransactionsReturnType,
  type FetchTransactionsErrorType,
} from '../../actions/fetchTransactions.js'
export {
  describeTransaction,
  filterTransactions,
  formatHistoryQuantity,
  groupTransactionsByDate,
  isSpamOnly,
  type TransactionGroup,
  type TransactionRow,
} from '../../activity/transactions.js'
export { TransactionSchema, NftSchema, type Transaction, type Transfer, type Nft } from '../../api/schemas.js'
export type { TransactionsState, NftsState } from '../../stores/activity.js'
