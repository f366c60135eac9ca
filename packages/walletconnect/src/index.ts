// Public API of @portico/walletconnect. Only this small factory is in a host page's first load;
// the WalletConnect libraries load when a user chooses a WalletConnect path.
import type { WalletConnectLoader } from '@portico/core'

export interface WalletConnectOptions {
  /** ws(s) URL of the relay: Portico's own (`ws://127.0.0.1:8787/relay` in dev) or any v2 relay. */
  relayUrl: string
  /** The project id the relay knows (Portico's server: the host's projectId). */
  projectId: string
  /** Shown to the wallet (SPEC §3 'Dapp metadata sent to the wallet'). */
  metadata: { name: string; description: string; url: string; icons: string[] }
  /** SPEC §4 pairing reuse: 'always', 'auto' (Telegram / iOS Safari, the default) or 'never'. */
  cache?: 'always' | 'auto' | 'never'
  /** The Verify API needs the public internet; off by default for self-hosted relays. */
  verify?: boolean
}

export function walletConnect(options: WalletConnectOptions): WalletConnectLoader {
  return {
    cache: options.cache,
    load: () => import('./client.js').then((m) => m.createWalletConnectClient(options)),
  }
}
