// Public API of @portico/embedded. Only this small factory is in a host page's first load; the
// frame client loads when email or social login is used (or was used before).
import type { EmbeddedWalletLoader } from '@portico/core'

export interface EmbeddedWalletOptions {
  /** The secure origin (`http://127.0.0.1:8788` from `npm start`), or its frame page; an origin means its /frame page. */
  frameUrl: string
  /** The page a social popup opens first, relative to the frame's origin. */
  socialLoadingPath?: string
  /** SPEC §7: passed to the frame as enableCloudAuthAccount when set. */
  enableCloudAuthAccount?: boolean
}

export function embeddedWallet(options: EmbeddedWalletOptions): EmbeddedWalletLoader {
  const frameUrl = new URL(options.frameUrl)
  if (frameUrl.pathname === '/') frameUrl.pathname = '/frame'
  return {
    frameUrl: frameUrl.toString(),
    socialLoadingUrl: new URL(options.socialLoadingPath ?? '/social/loading', frameUrl.origin).toString(),
    load: (parameters) =>
      import('./client.js').then((m) => m.createEmbeddedWalletClient({ ...options, frameUrl: frameUrl.toString() }, parameters)),
  }
}
