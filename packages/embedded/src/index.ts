// Public API of @portico/embedded. Only this small factory is in a host page's first load; the
// frame client loads when email or social login is used (or was used before).
import type { EmbeddedWalletLoader } from '@portico/core'
import type { EmbeddedWalletOptions } from './options.js'

export type { EmbeddedWalletOptions } from './options.js'

export function embeddedWallet(options: EmbeddedWalletOptions): EmbeddedWalletLoader {
  const frameUrl = new URL(options.frameUrl)
  if (frameUrl.pathname === '/') frameUrl.pathname = '/frame'
  return {
    frameUrl: frameUrl.toString(),
    socialLoadingUrl: new URL(options.socialLoadingPath ?? '/social/loading', frameUrl.origin).toString(),
    load: (parameters) => import('./client.js').then((m) => m.createEmbeddedWalletClient({ ...options, frameUrl: frameUrl.toString() }, parameters)),
  }
}
