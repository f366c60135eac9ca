import type { BitcoinMethod, BitcoinProviderEvent, BitcoinRpcSchema, PorticoBitcoinProvider } from '@portico/core'
import type UniversalProvider from '@walletconnect/universal-provider'
import * as v from 'valibot'
import type { WalletConnectFamily } from './family.js'
import { toWalletError } from './walletErrors.js'

/** The bip122 methods and events a session asks for (WalletConnect's bip122 RPC). */
export const BIP122_METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const
export const BIP122_EVENTS = ['bip122_addressesChanged'] as const

/** Bitcoin's link to WalletConnect sessions (families.ts). */
export const bip122Family: WalletConnectFamily = {
  namespace: 'bip122',
  methods: BIP122_METHODS,
  events: BIP122_EVENTS,
  // Keyed by CAIP-2 as Solana's: the host's Esplora base URL of each network.
  rpcMap: (networks) => Object.fromEntries(networks.filter((n) => n.rpcUrls.default.http[0]).map((n) => [n.caipNetworkId, n.rpcUrls.default.http[0]!])),
  // One provider for the client's life: it reads the current session on every call.
  provider: ({ provider, onWalletRequest }) => createBitcoinProvider(provider, onWalletRequest),
}

const Address = v.object({
  address: v.string(),
  publicKey: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-fA-F]*$/))),
  path: v.optional(v.string()),
  intention: v.optional(v.picklist(['payment', 'ordinal'])),
})
const Txid = v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/))
const RESULTS: { [M in BitcoinMethod]: v.GenericSchema<unknown, BitcoinRpcSchema[M]['result']> } = {
  getAccountAddresses: v.array(Address),
  signMessage: v.object({ address: v.string(), signature: v.string(), messageHash: v.optional(v.string()) }),
  signPsbt: v.object({ psbt: v.string(), txid: v.optional(Txid) }),
  sendTransfer: v.object({ txid: Txid }),
}

export type WalletConnectBitcoinProvider = PorticoBitcoinProvider & { readonly isWalletConnect: true }

/**
 * The session's bip122 accounts as Portico's Bitcoin provider: each request goes to the wallet on
 * the session's chain, with `account` defaulting to the session's first address (the payment one),
 * and its answer is checked against the method's schema. `bip122_addressesChanged` and the
 * session's end reach the listeners.
 */
export function createBitcoinProvider(provider: UniversalProvider, onWalletRequest: (method: string) => void = () => {}): WalletConnectBitcoinProvider {
  const listeners = new Map<BitcoinProviderEvent, Set<(...args: any[]) => void>>()
  const accounts = () => (provider.session?.namespaces.bip122?.accounts ?? []).map((caip10) => caip10.split(':') as [string, string, string])
  const emit = (event: BitcoinProviderEvent, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }

  const bitcoin: WalletConnectBitcoinProvider = {
    isPortico: true,
    isWalletConnect: true,
    async request({ method, params }) {
      const schema = RESULTS[method]
      if (!schema) throw toWalletError({ code: 4200, message: `Unsupported method ${method}` })
      const [first] = accounts()
      if (!first) throw toWalletError({ code: 4100, message: 'No bip122 account in the WalletConnect session' })
      const [ns, reference, address] = first
      onWalletRequest(method)
      let result: unknown
      try {
        result = await provider.request({ method, params: { account: address, ...params } }, `${ns}:${reference}`)
      } catch (error) {
        throw toWalletError(error)
      }
      const parsed = v.safeParse(schema, result)
      if (!parsed.success) throw toWalletError({ message: `Unexpected answer to ${method}: ${v.summarize(parsed.issues)}` })
      return parsed.output as never
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return bitcoin
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return bitcoin
    },
  }

  provider.on('session_delete', () => emit('disconnect'))
  provider.on('session_event', (payload: { params?: { event?: { name: string; data: unknown } } }) => {
    const event = payload?.params?.event
    if (event?.name !== 'bip122_addressesChanged') return
    const addresses = v.safeParse(v.array(Address), event.data)
    if (addresses.success) emit('bip122_addressesChanged', addresses.output)
  })
  return bitcoin
}
