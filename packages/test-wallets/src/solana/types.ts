import type { Wallet } from '@wallet-standard/base'

/** What the approval dialog (or an `onApprovalRequest` hook) is asked to decide. */
export interface SolanaApprovalRequest {
  /** The Wallet Standard feature asking, e.g. 'solana:signAndSendTransaction'. */
  feature: string
  origin: string
  /** One line, e.g. "Send 1.5 SOL to 5GNo…". */
  title: string
  details: { label: string; value: string }[]
  account: string
  chain: string
}

export interface SolanaTestWalletOptions {
  /** The local chain's JSON-RPC (signAndSendTransaction and the dialog's lookups). Default http://127.0.0.1:8899. */
  rpcUrl?: string
  /** Dev account (0..4) selected at start, unless a persisted choice exists. Default 0. */
  accountIndex?: number
  /** Approve every request without UI. */
  autoApprove?: boolean
  /** Reject every request needing approval with 4001 (takes precedence over autoApprove). */
  rejectAll?: boolean
  /** localStorage key for the approved site and the selected account; omit for memory only. */
  storageKey?: string
  /** Custom approval UI / test hook. Default: the built-in dialog (browser) or rejection (no DOM). */
  onApprovalRequest?: (request: SolanaApprovalRequest) => Promise<boolean> | boolean
  /** Origin shown in prompts. Default: location.origin. */
  origin?: string
}

/** One signature the wallet made, in JSON-safe form (journeys read it through page.evaluate). */
export interface SolanaSignedRecord {
  feature: 'solana:signMessage' | 'solana:signTransaction' | 'solana:signAndSendTransaction' | 'solana:signIn'
  account: string
  /** Base58 ed25519 signature (for transactions: the transaction signature). */
  signature: string
  chain?: string
  /** signMessage and signIn: the message as UTF-8 text, or 0x-hex when it is not text. */
  message?: string
  /** Transactions: the signed wire transaction in base64. */
  transaction?: string
  /** Transactions: the dialog's one-line summary. */
  summary?: string
}

/** The test handle (window.porticoSolanaTestWallet): the Wallet Standard wallet plus controls. */
export interface SolanaTestWalletHandle {
  readonly wallet: Wallet
  readonly isPorticoSolanaTestWallet: true
  /** Toggle at runtime (journeys: `window.porticoSolanaTestWallet.autoApprove = true`). */
  autoApprove: boolean
  rejectAll: boolean
  readonly rpcUrl: string
  /** Current account address (whether or not a site is connected). */
  readonly address: string
  /** Whether the page's site is connected (wallet.accounts is not empty). */
  readonly connected: boolean
  /** The dev accounts' addresses, in index order. */
  readonly devAccounts: readonly string[]
  /** Simulates the user switching account (dev account index or base58 secret key); emits 'change' if connected. */
  setAccount(account: number | string): void
  /** Simulates the user disconnecting the site in the wallet: accounts [] and 'change'. */
  disconnect(): void
  /** Everything signed so far, oldest first. */
  readonly signed: readonly SolanaSignedRecord[]
  clearSigned(): void
}
