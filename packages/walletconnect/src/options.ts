export interface WalletConnectOptions {
  /** ws(s) URL of the relay: Portico's own (`ws://127.0.0.1:8787/relay` in dev) or any v2 relay. */
  relayUrl: string
  /** The project id the relay knows; createPortico's projectId when left out. */
  projectId?: string
  /** Shown to the wallet (SPEC §3 'Dapp metadata sent to the wallet'); createPortico's metadata when left out. */
  metadata?: { name: string; description: string; url: string; icons: string[] }
  /** SPEC §4 pairing reuse: 'always', 'auto' (Telegram / iOS Safari, the default) or 'never'. */
  cache?: 'always' | 'auto' | 'never'
  /**
   * The Verify API needs the public internet; off by default for self-hosted relays. When on, the SDK
   * gives up on the Verify server after 5 s (its default, SPEC §9 'Verification timeout is 5 s').
   */
  verify?: boolean
}
