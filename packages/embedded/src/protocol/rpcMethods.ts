import { EvmReadMethods } from '@portico/core/spec'

/**
 * SPEC §6 'Embedded-wallet RPC methods are split in two'. Safe read methods are answered
 * silently; unsafe ones need the user's approval on a screen drawn by the secure origin; any
 * other method is refused ('Requested RPC call is not allowed').
 */
export const SafeRpcMethods = [
  // eip155 reads
  'eth_accounts',
  ...EvmReadMethods,
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  // EIP-5792: shown on the frame's own screen, nothing signed.
  'wallet_showCallsStatus',
  'wallet_getAssets',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_estimateUserOperationGas',
  'eth_supportedEntryPoints',
  // solana reads
  'solana_getBalance',
  'solana_getLatestBlockhash',
  'solana_getAccountInfo',
  'solana_getSignatureStatuses',
  // bip122: the wallet's addresses and public keys (no key material, nothing signed)
  'bip122_getAccountAddresses',
] as const

export const UnsafeRpcMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
  // bip122
  'bip122_signMessage',
  'bip122_signPsbt',
  'bip122_sendTransfer',
] as const

export type SafeRpcMethod = (typeof SafeRpcMethods)[number]
export type UnsafeRpcMethod = (typeof UnsafeRpcMethods)[number]

export function isSafeRpcMethod(method: string): method is SafeRpcMethod {
  return (SafeRpcMethods as readonly string[]).includes(method)
}
export function isUnsafeRpcMethod(method: string): method is UnsafeRpcMethod {
  return (UnsafeRpcMethods as readonly string[]).includes(method)
}
/** SPEC §5: only RPC methods on the safe or unsafe lists are accepted. */
export function isAllowedRpcMethod(method: string): boolean {
  return isSafeRpcMethod(method) || isUnsafeRpcMethod(method)
}

/** SPEC §5: a string result of 0x plus 64 hex characters is classed as a transaction hash. */
export function isTransactionHash(result: unknown): boolean {
  return typeof result === 'string' && /^0x[0-9a-fA-F]{64}$/.test(result)
}

/** SPEC §5: a 0x hex string of 62 or more characters is classed as a signed message. */
export function isSignedMessage(result: unknown): boolean {
  return typeof result === 'string' && /^0x[0-9a-fA-F]{62,}$/.test(result)
}
