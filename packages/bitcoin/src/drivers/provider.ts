import type { BitcoinMethod, BitcoinProviderEvent, BitcoinRpcSchema, PorticoBitcoinProvider } from '@portico/core'
import { BitcoinProviderError, codeOf } from '../errors.js'
import { InvalidReply } from '../schemas.js'

type Listener = (...args: any[]) => void

/** One function per bip122 method a wallet offers; a method it lacks answers 4200. */
export type BitcoinHandlers = { [M in BitcoinMethod]?: (params: BitcoinRpcSchema[M]['params']) => Promise<BitcoinRpcSchema[M]['result']> }

/** A code every wallet error keeps; a reply that fails its schema is -32603 (internal). */
export const INVALID_REPLY = -32603

/**
 * A PorticoBitcoinProvider over a wallet's own API: the driver gives a handler per method and, where
 * the wallet has events, a watcher that calls `emit`. Errors leave as `{ code, message }`.
 */
export function createBitcoinProvider(
  handlers: BitcoinHandlers,
  watch?: (emit: (event: BitcoinProviderEvent, ...args: unknown[]) => void) => () => void,
): PorticoBitcoinProvider {
  const listeners = new Map<BitcoinProviderEvent, Set<Listener>>()
  let stop: (() => void) | undefined
  const emit = (event: BitcoinProviderEvent, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }
  const listening = () => [...listeners.values()].some((set) => set.size > 0)
  const update = () => {
    if (listening() && !stop && watch) stop = watch(emit)
    else if (!listening() && stop) {
      stop()
      stop = undefined
    }
  }
  const provider: PorticoBitcoinProvider = {
    isPortico: true,
    async request({ method, params }) {
      const handler = handlers[method] as ((p: unknown) => Promise<never>) | undefined
      if (!handler) throw new BitcoinProviderError(4200, `${method} is not supported by this wallet`)
      try {
        return await handler(params)
      } catch (error) {
        if (error instanceof BitcoinProviderError) throw error
        if (error instanceof InvalidReply) throw new BitcoinProviderError(INVALID_REPLY, error.message)
        const code = codeOf(error)
        throw Object.assign(new BitcoinProviderError(code ?? INVALID_REPLY, error instanceof Error ? error.message : `${method} failed`), { cause: error })
      }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      update()
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      update()
      return provider
    },
  }
  return provider
}

/** A wallet Portico drives through one PorticoBitcoinProvider; `restore` reads its accounts without prompting, where it can. */
export interface BitcoinWallet {
  name: string
  icon: string
  provider: PorticoBitcoinProvider
  restore?: () => Promise<BitcoinRpcSchema['getAccountAddresses']['result']>
}
