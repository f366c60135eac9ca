/** Name, icon and chains of the Portico Solana Test Wallet (browser-safe, no side effects). */
import { SOLANA_DEVNET_CAIP2, SOLANA_DEVNET_RPC_URL } from '@portico/devnet/solana-constants'

export const SOLANA_TEST_WALLET_NAME = 'Portico Solana Test Wallet'

/** Where signAndSendTransaction sends when no rpcUrl is configured: the local chain's default port. */
export const SOLANA_TEST_WALLET_DEFAULT_RPC_URL = SOLANA_DEVNET_RPC_URL

/** localStorage key the injected bundle and the demo use for the approved-site state. */
export const SOLANA_TEST_WALLET_STORAGE_KEY = 'portico-solana-test-wallet'

/**
 * The local chain by its CAIP-2 id, and by the Wallet Standard name dapps derive from a
 * 127.0.0.1/localhost endpoint (@solana/wallet-standard-util's getChainForEndpoint). Not
 * 'solana:devnet' or 'solana:mainnet': the wallet only ever talks to the local chain.
 */
export const SOLANA_TEST_WALLET_CHAINS = [SOLANA_DEVNET_CAIP2, 'solana:localnet'] as const

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="8" fill="#7c3aed"/>' +
  '<path d="M9 23V9h8a5 5 0 0 1 0 10h-4v4z" fill="#ecfeff"/>' +
  '<rect x="13" y="12.5" width="4" height="3" rx="1" fill="#7c3aed"/>' +
  '<path d="M19 22h6l-2 2h-6z" fill="#14f195"/>' +
  '</svg>'

/** Wallet Standard requires a base64 data URI. */
export const SOLANA_TEST_WALLET_ICON = `data:image/svg+xml;base64,${btoa(svg)}` as const
