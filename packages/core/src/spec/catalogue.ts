/**
 * The error catalogue and alert codes of SPEC §8, as data in one place (the connection errors in
 * connectionErrorText.ts, which ErrorText spreads in: the first load carries only those).
 * Every user-facing error text in Portico comes from here, so a newcomer can find it by its words.
 */
import { ConnectionErrorText } from './connectionErrorText.js'

export const ErrorText = {
  ...ConnectionErrorText,
  // Connection errors that no code of a page's first load raises
  modalClosed: 'Modal closed',
  failedToConnect: 'Failed to connect',
  popupClosed: 'Popup closed',
  failedToConnectFarcaster: 'Failed to connect to farcaster',
  failedToInitiateSocial: 'Failed to initiate social connection',
  failedToDisconnect: 'Failed to disconnect',
  connectorUnsupportedChains: 'The connector does not support any of the requested chains',
  walletConnectConnectorNotFound: 'WalletConnectConnector not found',
  unknownError: 'Unknown error',
  // The wallet's EIP-1193 refusals (4001, 4100, 4200, 4902, others), and the first load's other errors
  // (their classes in errors/connector.ts, options.ts, api/http.ts write these texts out: see connectionErrorText.ts)
  userRejectedRequest: 'User rejected the request.',
  unauthorizedProvider: 'The wallet has not authorized this account or method.',
  unsupportedMethod: 'The wallet does not support this method.',
  unrecognizedChain: 'The wallet does not know this chain.',
  providerRequestFailed: 'The wallet request failed.',
  invalidOptions: 'Invalid Portico options',
  httpStatus: (status: number) => `HTTP status code ${status}`,
  // Balances and transactions
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  failedToFetchTransactions: 'Failed to fetch transactions',
  swapsNetworkUnsupported: 'Network not supported for Swaps',
  swapServiceUnavailable: 'The swap service did not answer; try again',
  gasPriceNetworkUnsupported: 'Network not supported for Gas Price',
  // Send (SPEC §5 'Send')
  amountAndReceiverRequired: 'An amount and receiver address are required',
  tokenRequired: 'A token is required',
  tokenAddressRequired: 'tokenAddress is required',
  unsupportedChain: 'Unsupported chain',
  invalidChainId: 'Invalid chainId',
  // Names (SPEC §8 'Names': used when the server gives no reason)
  errorResolvingName: 'Error resolving name',
  errorFetchingNameSuggestions: 'Error fetching name suggestions',
  errorFetchingNamesForAddress: 'Error fetching names for address',
  errorRegisteringName: (name: string) => `Error registering name ${name}`,
  // Send outcomes (ours)
  transactionSent: 'Transaction sent',
  transactionPending: 'Transaction pending',
  transactionQueued: 'Transaction queued in the Safe',
  transactionRejected: 'Transaction rejected',
  transactionFailed: 'Transaction failed',
  // Network switching (not named by the spec; ours)
  switchNetworkDeclined: 'Switch declined',
  // Other messages
  requestAborted: 'Request was aborted',
  somethingWentWrong: 'Something went wrong',
  anErrorOccurred: 'An error occurred',
  emailLoginDependency: 'Unable to load email login dependency',
  // Embedded wallet input (SPEC §5 'Embedded wallet input', 'Email update')
  invalidEmail: 'Invalid Email Address',
  enterValidEmail: 'Please enter a valid email address',
  emailCooldown: (seconds: number) => `Please try again after ${seconds} seconds`,
  noAuthConnector: 'No auth connector found',
  noEmailLoginInProgress: 'No email login in progress',
  noEmailUpdateInProgress: 'No email update in progress',
  notConnectedToEmailOrSocial: 'Not connected to email or social',
  // Embedded wallet flows (ours)
  codeRequired: 'Enter the code from the email',
  smartAccountUnavailable: 'Smart accounts are not enabled on this network',
  // Batched calls (SPEC §5 'Embedded wallet input'; EIP-5792)
  invalidBatchedCalls: "Batched calls need a 'to' starting with 0x and optional data starting with 0x",
  batchedCallsUnsupported: 'The wallet does not support batched calls (EIP-5792 wallet_sendCalls)',
  // EIP-5792 refusals of the wallet (5700–5760)
  callsUnsupportedCapability: 'The wallet does not support a capability the batch requires',
  callsUnsupportedChainId: 'The wallet does not support batched calls on this chain',
  callsDuplicateId: 'A batch with this id was already sent',
  callsUnknownBundleId: 'The wallet knows no batch with this id',
  callsBundleTooLarge: 'The batch has more calls than the wallet takes at once',
  callsUpgradeRejected: 'The account upgrade for atomic calls was rejected',
  callsAtomicityNotSupported: 'The wallet cannot run these calls atomically',
  // The host's own mistakes and the server's answers (ours)
  termsNotAccepted: 'Accept the terms of service and privacy policy to connect a wallet',
  smartSessionsUnsupported: 'Smart sessions (ERC-7715 wallet_grantPermissions / wallet_revokePermissions) are not supported',
} as const

export type AlertCode =
  | 'APKT001'
  | 'APKT002'
  | 'APKT003'
  | 'APKT004'
  | 'APKT005'
  | 'APKT006'
  | 'APKT007'
  | 'APKT008'
  | 'APKT009'
  | 'APKT010'
  | 'APKTW001'
  | 'APKTW002'

export interface Alert {
  code: AlertCode
  message: string
  severity: 'error' | 'warning'
}

export const Alerts: Record<AlertCode, Alert> = {
  APKT001: { code: 'APKT001', message: 'Network Not Found', severity: 'error' },
  APKT002: { code: 'APKT002', message: 'Invalid App Configuration', severity: 'error' },
  APKT003: { code: 'APKT003', message: 'Network Error: Wallet Load Failed', severity: 'error' },
  APKT004: { code: 'APKT004', message: 'Wallet Request Timeout', severity: 'error' },
  APKT005: { code: 'APKT005', message: 'Unverified Domain', severity: 'error' },
  APKT006: { code: 'APKT006', message: 'Session Expired', severity: 'error' },
  APKT007: { code: 'APKT007', message: 'Invalid Project ID', severity: 'error' },
  APKT008: { code: 'APKT008', message: 'Project ID Missing', severity: 'error' },
  APKT009: { code: 'APKT009', message: 'Server Error', severity: 'error' },
  APKT010: { code: 'APKT010', message: 'Rate Limited', severity: 'error' },
  APKTW001: { code: 'APKTW001', message: 'Inactive Namespace Not Connected', severity: 'warning' },
  APKTW002: { code: 'APKTW002', message: 'Invalid Email Address', severity: 'warning' },
}

/** SPEC §8 'Provider error mapping': the relay/provider texts (Portico's server answers them too). */
export const ProviderErrorText = {
  originNotAllowed: 'Unauthorized: origin not allowed',
  jwtNotYetValid: 'JWT validation error: JWT Token is not yet valid',
  invalidKey: 'Unauthorized: invalid key',
} as const

/** SPEC §8 'Provider error mapping': relay/provider texts that map to an alert. */
export const ProviderErrorAlerts: ReadonlyArray<[text: string, code: AlertCode]> = [
  [ProviderErrorText.originNotAllowed, 'APKT002'],
  [ProviderErrorText.jwtNotYetValid, 'APKT006'],
  [ProviderErrorText.invalidKey, 'APKT007'],
]

/**
 * SPEC §8 'Provider error mapping': the alert a provider's error message maps to, if any. The
 * relay and RPC answer these as plain texts inside a longer message, so the text is looked for
 * within it; this is the one place an error's text decides anything.
 */
export function providerErrorAlert(message: string | undefined): AlertCode | undefined {
  if (!message) return undefined
  return ProviderErrorAlerts.find(([text]) => message.includes(text))?.[1]
}

/** EIP-1193 and EIP-1474 codes a host can rely on. */
export const ProviderErrorCode = {
  userRejectedRequest: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
} as const

export type ErrorCategory = 'INTERNAL_SDK_ERROR' | 'API_ERROR' | 'WALLET_ERROR' | 'CONFIGURATION_ERROR'
