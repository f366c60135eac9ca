/**
 * The Docs Bitcoin Wallet as a sats-connect provider (@sats-connect/core's BitcoinProvider: `request(method,
 * params)` answering JSON-RPC 2.0 responses, `addListener`), found by sats-connect through a WBIP004 entry in
 * window.btc_providers whose id is the provider's path on window (register.ts).
 */
import { base64, hex } from '@scure/base'
import * as v from 'valibot'
import type { DocsBitcoinWallet } from './docsWallet'
import { DocsInvalidParamsError, DocsUnauthorizedError, DocsUnsupportedMethodError, DocsWalletError, SATS_CONNECT_CODES } from './errors'
import type { DocsKey } from './keys'

export const SATS_CONNECT_METHODS = [
  'getInfo',
  'getAccounts',
  'getAddresses',
  'signMessage',
  'signPsbt',
  'sendTransfer',
  'wallet_connect',
  'wallet_disconnect',
  'wallet_getAccount',
  'wallet_getNetwork',
  'wallet_requestPermissions',
  'wallet_renouncePermissions',
] as const

const purposesSchema = v.array(v.picklist(['payment', 'ordinals']))
const schemas = {
  getAccounts: v.object({ purposes: purposesSchema, message: v.optional(v.string()) }),
  wallet_connect: v.nullish(
    v.object({
      addresses: v.optional(purposesSchema),
      message: v.optional(v.string()),
      network: v.optional(v.string()),
      permissions: v.optional(v.array(v.unknown())),
    }),
  ),
  signMessage: v.object({ address: v.string(), message: v.string(), protocol: v.optional(v.picklist(['ECDSA', 'BIP322'])) }),
  signPsbt: v.object({
    psbt: v.string(),
    signInputs: v.optional(v.record(v.string(), v.array(v.pipe(v.number(), v.integer(), v.minValue(0))))),
    broadcast: v.optional(v.boolean()),
  }),
  sendTransfer: v.object({
    recipients: v.pipe(v.array(v.object({ address: v.string(), amount: v.pipe(v.number(), v.safeInteger(), v.minValue(1)) })), v.minLength(1)),
  }),
}

type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: string; result: unknown }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string; data?: unknown } }

export type SatsConnectEventName = 'accountChange' | 'networkChange' | 'disconnect'
type Listener = (event: { type: SatsConnectEventName; [key: string]: unknown }) => void

export interface DocsSatsConnectProvider {
  request(method: string, params?: unknown): Promise<JsonRpcResponse>
  addListener(info: { eventName: SatsConnectEventName; cb: Listener } | SatsConnectEventName, cb?: Listener): () => void
}

function parse<S extends v.GenericSchema>(schema: S, params: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, params)
  if (!result.success) throw new DocsInvalidParamsError({ field: 'params', issue: v.summarize(result.issues) })
  return result.output
}

function toAddress(key: DocsKey) {
  return { address: key.address, publicKey: hex.encode(key.publicKey), purpose: key.purpose, addressType: key.addressType, walletType: 'software' as const }
}

/** sats-connect's network reply; the wallet only knows its regtest chain. */
const NETWORK = { bitcoin: { name: 'Regtest' }, stacks: { name: 'testnet' }, spark: { name: 'regtest' } } as const

export function createDocsSatsConnectProvider(core: DocsBitcoinWallet, version = '1.0.0'): DocsSatsConnectProvider {
  const listeners = new Map<SatsConnectEventName, Set<Listener>>()
  const emit = (type: SatsConnectEventName, extra: Record<string, unknown> = {}) => {
    for (const cb of [...(listeners.get(type) ?? [])]) cb({ type, ...extra })
  }
  core.on((event) => {
    if (event.type === 'disconnect') emit('disconnect')
    else emit('accountChange', { addresses: core.granted.map(toAddress) })
  })
  let nextId = 0

  const account = () => {
    if (core.granted.length === 0) throw new DocsUnauthorizedError({})
    return { id: `docs-${core.account.payment.address}`, addresses: core.granted.map(toAddress), walletType: 'software', network: NETWORK }
  }

  const handlers: Record<(typeof SATS_CONNECT_METHODS)[number], (params: unknown) => Promise<unknown>> = {
    getInfo: async () => ({ version, platform: 'web', methods: [...SATS_CONNECT_METHODS], supports: [] }),
    getAccounts: async (params) => (await core.connect(parse(schemas.getAccounts, params).purposes)).map(toAddress),
    getAddresses: async (params) => ({ addresses: (await core.connect(parse(schemas.getAccounts, params).purposes)).map(toAddress), network: NETWORK }),
    wallet_connect: async (params) => {
      // A `network` other than the wallet's is not switched to: the reply's `network` says which it is on.
      await core.connect(parse(schemas.wallet_connect, params)?.addresses ?? ['payment', 'ordinals'])
      return account()
    },
    wallet_requestPermissions: async () => {
      await core.connect(['payment', 'ordinals'])
      return true
    },
    wallet_disconnect: async () => {
      core.disconnect()
      return null
    },
    wallet_renouncePermissions: async () => {
      core.disconnect()
      return null
    },
    wallet_getAccount: async () => account(),
    wallet_getNetwork: async () => NETWORK,
    signMessage: async (params) => {
      const { address, message, protocol } = parse(schemas.signMessage, params)
      const signed = await core.signMessage(address, new TextEncoder().encode(message), protocol)
      return { signature: base64.encode(signed.signature), messageHash: hex.encode(signed.messageHash), address, protocol: signed.protocol }
    },
    signPsbt: async (params) => {
      const { psbt, signInputs, broadcast } = parse(schemas.signPsbt, params)
      let bytes: Uint8Array
      try {
        bytes = base64.decode(psbt)
      } catch {
        throw new DocsInvalidParamsError({ field: 'psbt', issue: 'not base64' })
      }
      const inputs = signInputs ? Object.entries(signInputs).map(([address, indexes]) => ({ address, indexes })) : undefined
      const signed = await core.signPsbt(bytes, inputs, { broadcast: broadcast === true })
      return signed.txid ? { psbt: base64.encode(signed.psbt), txid: signed.txid } : { psbt: base64.encode(signed.psbt) }
    },
    sendTransfer: async (params) => {
      const { recipients } = parse(schemas.sendTransfer, params)
      return { txid: await core.sendTransfer(recipients.map((r) => ({ address: r.address, amount: BigInt(r.amount) }))) }
    },
  }

  return {
    async request(method, params) {
      const id = `docs-${++nextId}`
      try {
        const handler = (handlers as Record<string, ((params: unknown) => Promise<unknown>) | undefined>)[method]
        if (!handler) throw new DocsUnsupportedMethodError({ method })
        return { jsonrpc: '2.0', id, result: await handler(params) }
      } catch (error) {
        if (error instanceof DocsWalletError) {
          return { jsonrpc: '2.0', id, error: { code: SATS_CONNECT_CODES[error.reason], message: error.message, ...(error.data ? { data: error.data } : {}) } }
        }
        return { jsonrpc: '2.0', id, error: { code: -32603, message: error instanceof Error ? error.message : 'Internal error' } }
      }
    },
    addListener(info, cb) {
      // sats-connect passes { eventName, cb }; its legacy calls pass (eventName, cb).
      const eventName = typeof info === 'string' ? info : info.eventName
      const listener = typeof info === 'string' ? cb : info.cb
      if (!listener) return () => {}
      const set = listeners.get(eventName) ?? new Set<Listener>()
      listeners.set(eventName, set)
      set.add(listener)
      return () => set.delete(listener)
    },
  }
}
