import {
  eip1193Error,
  ProviderErrorCode,
  type BitcoinMethod,
  type BitcoinProviderEvent,
  type BitcoinRpcSchema,
  type PorticoBitcoinProvider,
} from '@portico/core'
import * as v from 'valibot'
import type { EmbeddedFamily } from './family.js'
import type { FrameRequestError } from './frameErrors.js'

/**
 * Bitcoin's link to the secure frame (families.ts): a PorticoBitcoinProvider whose four methods are answered by
 * the frame (`bip122_<method>`, chainNamespace bip122, chainId the network's CAIP-2 reference), where the keys
 * are and where the user approves on the frame's own screen. Signed out, it has no addresses and says so.
 */
export const bitcoinFamily: EmbeddedFamily = {
  namespace: 'bip122',
  link({ user, chains, rpc }) {
    const provider = createEmbeddedBitcoinProvider({ signedIn: () => Boolean(user()?.addresses?.bip122), chains, rpc })
    return {
      provider: chains.length > 0 ? provider : undefined,
      userChanged(before) {
        if (before?.addresses?.bip122 !== user()?.addresses?.bip122) void provider.refresh()
      },
    }
  },
}

/** What the provider needs of the frame client. */
export interface BitcoinFrameLink {
  signedIn(): boolean
  /** The host's Bitcoin networks (CAIP-2); the first is active until setChain. */
  chains: readonly string[]
  rpc(method: string, params: unknown, chainId: string): Promise<unknown>
}

const Address = v.pipe(v.string(), v.minLength(14), v.maxLength(100))
const Hex = v.pipe(v.string(), v.regex(/^[0-9a-f]*$/))
const Base64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]+=*$/))
const Txid = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))

/** What the frame may answer to each method (checked before the host sees it). */
const Answers: { [M in BitcoinMethod]: v.GenericSchema<unknown, BitcoinRpcSchema[M]['result']> } = {
  getAccountAddresses: v.pipe(
    v.array(
      v.object({
        address: Address,
        publicKey: v.optional(Hex),
        path: v.optional(v.pipe(v.string(), v.regex(/^m(\/\d+'?)*$/))),
        intention: v.optional(v.picklist(['payment', 'ordinal'])),
      }),
    ),
    v.maxLength(10),
  ),
  signMessage: v.object({ address: Address, signature: Base64, messageHash: v.optional(Hex) }),
  signPsbt: v.object({ psbt: Base64, txid: v.optional(Txid) }),
  sendTransfer: v.object({ txid: Txid }),
}
const Methods = Object.keys(Answers) as BitcoinMethod[]

/** The frame's refusals keep their code (4001, 4100, 4200, -32602…); anything else is an internal error. */
function toProviderError(error: unknown): Error {
  const { code, message } = error as Partial<FrameRequestError>
  if (typeof code === 'number') return eip1193Error(code, message ?? 'The embedded wallet request failed')
  return eip1193Error(ProviderErrorCode.internal, error instanceof Error ? error.message : 'The embedded wallet request failed')
}

type Listener = (...args: unknown[]) => void

export function createEmbeddedBitcoinProvider(link: BitcoinFrameLink) {
  const listeners = new Map<BitcoinProviderEvent, Set<Listener>>()
  const emit = (event: BitcoinProviderEvent, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args))
  let chain = link.chains[0]
  let connected = false

  const request = async <M extends BitcoinMethod>({ method, params }: { method: M; params: BitcoinRpcSchema[M]['params'] }) => {
    if (!Methods.includes(method)) throw eip1193Error(ProviderErrorCode.unsupportedMethod, `${String(method).slice(0, 64)} is not a Bitcoin method`)
    if (!link.signedIn()) throw eip1193Error(ProviderErrorCode.unauthorized, 'Nobody is signed in with email or a social account in the site')
    if (!chain) throw eip1193Error(ProviderErrorCode.unsupportedMethod, 'The site has no Bitcoin network')
    if (typeof params !== 'object' || params === null) throw eip1193Error(ProviderErrorCode.invalidParams, `${method} needs its parameters object`)
    let answer: unknown
    try {
      answer = await link.rpc(`bip122_${method}`, params, chain.slice('bip122:'.length))
    } catch (error) {
      throw toProviderError(error)
    }
    const parsed = v.safeParse(Answers[method], answer)
    if (!parsed.success) throw eip1193Error(ProviderErrorCode.internal, 'The secure frame answered in an unexpected shape')
    return parsed.output as BitcoinRpcSchema[M]['result']
  }

  const provider = {
    isPortico: true as const,
    request,
    on(event: BitcoinProviderEvent, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return provider
    },
    removeListener(event: BitcoinProviderEvent, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    /** The active network (CAIP-2). */
    chain: () => chain,
    /** Makes another of the host's Bitcoin networks active: the addresses are that network's. */
    async setChain(caip2: string) {
      if (!link.chains.includes(caip2)) throw eip1193Error(ProviderErrorCode.invalidParams, `${caip2.slice(0, 60)} is not one of the site's Bitcoin networks`)
      if (caip2 === chain) return
      chain = caip2
      await provider.refresh()
    },
    /** After a sign-in, a sign-out or a network change: the listeners hear the addresses (none when signed out). */
    async refresh() {
      if (!link.signedIn()) {
        if (!connected) return
        connected = false
        emit('bip122_addressesChanged', [])
        emit('disconnect', eip1193Error(ProviderErrorCode.disconnected, 'The embedded wallet signed out'))
        return
      }
      try {
        const addresses = await request({ method: 'getAccountAddresses', params: {} })
        connected = true
        emit('bip122_addressesChanged', addresses)
      } catch {
        // read again at the next request
      }
    },
  }
  return provider satisfies PorticoBitcoinProvider
}
export type EmbeddedBitcoinProvider = ReturnType<typeof createEmbeddedBitcoinProvider>
