import type { Wallet } from '@wallet-standard/base'

/** What the approval dialog (or an `onApprovalRequest` hook) is asked to decide. */
export interface BitcoinApprovalRequest {
  /** The feature or method asking, e.g. 'bitcoin:signTransaction' or 'signPsbt'. */
  method: string
  origin: string
  /** One line, e.g. "Sign 2 inputs of a transaction". */
  title: string
  details: { label: string; value: string }[]
  account: string
}

export interface BitcoinTestWalletOptions {
  /** The Esplora API (the devnet's root URL): UTXOs, fee estimates, broadcasts. Default http://127.0.0.1:18443. */
  url?: string
  /** Dev account (0..9) selected at start, unless a persisted choice exists. Default 0. */
  accountIndex?: number
  autoApprove?: boolean
  /** Reject everything needing approval with 4001 (takes precedence over autoApprove). */
  rejectAll?: boolean
  /** localStorage key for the approved site and the selected account; omit for memory only. */
  storageKey?: string
  onApprovalRequest?: (request: BitcoinApprovalRequest) => Promise<boolean> | boolean
  origin?: string
  /** Register the Wallet Standard wallet (default true). */
  walletStandard?: boolean
  /** Expose the sats-connect provider at window.XverseProviders.BitcoinProvider (default true). */
  satsConnect?: boolean
}

/** One thing the wallet signed, JSON-safe (journeys read it through page.evaluate). */
export interface BitcoinSignedRecord {
  method: string
  address: string
  /** Messages: the text; PSBTs: the signed PSBT in base64. */
  message?: string
  psbt?: string
  signature?: string
  txid?: string
}

/** The test handle (window.porticoBitcoinTestWallet). */
export interface BitcoinTestWalletHandle {
  readonly wallet: Wallet
  /** sats-connect's provider: request(method, params) → { jsonrpc, id, result } or { jsonrpc, id, error }. */
  readonly satsConnect: SatsConnectProvider
  readonly isPorticoBitcoinTestWallet: true
  autoApprove: boolean
  rejectAll: boolean
  readonly url: string
  readonly accountIndex: number
  readonly paymentAddress: string
  readonly ordinalAddress: string
  readonly connected: boolean
  /** Simulates the user switching account (0..9): Wallet Standard 'change', sats-connect 'accountChange'. */
  setAccount(index: number): void
  disconnect(): void
  readonly signed: readonly BitcoinSignedRecord[]
  clearSigned(): void
}

export interface SatsConnectProvider {
  request(method: string, params?: unknown, providerId?: string): Promise<SatsConnectResponse>
  addListener(...args: unknown[]): () => void
  readonly isPorticoBitcoinTestWallet: true
}

export type SatsConnectResponse =
  | { jsonrpc: '2.0'; id: string; result: unknown }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string; data?: unknown } }
