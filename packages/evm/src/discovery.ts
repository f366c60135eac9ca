import { createStore } from 'mipd'
import * as v from 'valibot'
import { ProviderDetailSchema, type Eip1193Provider, type ProviderDetail } from './schemas.js'

/** Yields the wallets currently announced (EIP-6963), now and on every change. */
export type Discover = (onChange: (details: ProviderDetail[]) => void) => () => void

/** EIP-6963 discovery through mipd. Malformed announcements are ignored with a warning. */
export const discoverAnnouncedWallets: Discover = (onChange) => {
  if (typeof window === 'undefined') {
    onChange([])
    return () => {}
  }
  const store = createStore()
  const emit = (details: readonly unknown[]) => {
    const valid: ProviderDetail[] = []
    for (const detail of details) {
      const parsed = v.safeParse(ProviderDetailSchema, detail)
      if (parsed.success) valid.push(parsed.output)
      else console.warn('[portico] ignored an invalid EIP-6963 announcement', parsed.issues[0]?.message)
    }
    // Two announcements of one rdns (e.g. a wallet injected twice) list once.
    onChange(valid.filter((d, i) => valid.findIndex((x) => x.info.rdns === d.info.rdns) === i))
  }
  const unsubscribe = store.subscribe(emit, { emitImmediately: true })
  return () => {
    unsubscribe()
    store.destroy()
  }
}

/** Yields the page's legacy injected provider (`window.ethereum`), now and when it appears later. */
export type DiscoverInjected = (onChange: (provider: Eip1193Provider | undefined) => void) => () => void

/**
 * The provider a wallet sets as `window.ethereum` without announcing itself (EIP-6963), as wallet
 * in-app browsers do; some set it late and fire 'ethereum#initialized'. Anything without request()
 * is ignored.
 */
export const discoverInjectedProvider: DiscoverInjected = (onChange) => {
  const w = (globalThis as { window?: Window & { ethereum?: unknown } }).window
  if (!w) {
    onChange(undefined)
    return () => {}
  }
  const read = () => {
    const candidate = w.ethereum
    const parsed = v.safeParse(ProviderDetailSchema.entries.provider, candidate)
    onChange(parsed.success ? parsed.output : undefined)
  }
  read()
  w.addEventListener('ethereum#initialized', read)
  return () => w.removeEventListener('ethereum#initialized', read)
}
