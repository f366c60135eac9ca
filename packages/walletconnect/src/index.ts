// Public API of @portico/walletconnect. Only this small factory is in a host page's first load;
// the WalletConnect libraries load when a user chooses a WalletConnect path.
import type { WalletConnectLoader } from '@portico/core'
import type { WalletConnectOptions } from './options.js'

export type { WalletConnectOptions } from './options.js'

export function walletConnect(options: WalletConnectOptions): WalletConnectLoader {
  return {
    cache: options.cache,
    // projectId and metadata as the host gave them to createPortico, unless stated here.
    load: (parameters) =>
      import('./client.js').then((m) =>
        m.createWalletConnectClient({ ...options, projectId: options.projectId ?? parameters.projectId, metadata: options.metadata ?? parameters.metadata }),
      ),
  }
}
