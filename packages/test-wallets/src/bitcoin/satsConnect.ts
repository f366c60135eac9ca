/**
 * The sats-connect face, as Xverse exposes it (window.XverseProviders.BitcoinProvider):
 * `request(method, params)` resolves to JSON-RPC envelopes `{ jsonrpc: '2.0', id, result }` or
 * `{ jsonrpc: '2.0', id, error: { code, message } }` (it never rejects), with @sats-connect/core's
 * shapes for getInfo, getAddresses, signMessage, signPsbt, sendTransfer, wallet_connect,
 * wallet_disconnect, and `addListener({ eventName, cb })` for accountChange and disconnect.
 */
import * as v from 'valibot'
import { BITCOIN_TEST_WALLET_VERSION } from './constants'
import { asProviderError, invalidParams, ProviderRpcError } from './errors'
import type { BitcoinKey } from './keys'
import type { BitcoinOperations } from './operations'
import type { SatsConnectProvider, SatsConnectResponse } from './types'

/** sats-connect's error codes (RpcErrorCode). */
const SatsError = { USER_REJECTION: -32000, METHOD_NOT_FOUND: -32601, INVALID_PARAMS: -32602, INTERNAL_ERROR: -32603, ACCESS_DENIED: -32002 } as const

const Purposes = v.array(v.picklist(['payment', 'ordinals', 'stacks', 'starknet', 'spark']))
const GetAddresses = v.object({ purposes: Purposes, message: v.optional(v.string()) })
const WalletConnectParams = v.nullish(v.looseObject({ addresses: v.optional(Purposes), message: v.optional(v.string()) }))
const SignMessage = v.object({ address: v.string(), message: v.string(), protocol: v.optional(v.picklist(['ECDSA', 'BIP322'])) })
const SignPsbt = v.object({
  psbt: v.string(),
  signInputs: v.optional(v.record(v.string(), v.array(v.pipe(v.number(), v.integer(), v.minValue(0))))),
  broadcast: v.optional(v.boolean()),
})
const SendTransfer = v.object({
  recipients: v.pipe(v.array(v.object({ address: v.string(), amount: v.pipe(v.number(), v.integer(), v.minValue(1)) })), v.minLength(1)),
})

export interface SatsConnectDeps {
  ops: BitcoinOperations
  keys(): { payment: BitcoinKey; ordinal: BitcoinKey }
  connect(): Promise<void>
  disconnect(): void
  connected(): boolean
}

const METHODS = [
  'getInfo',
  'getAddresses',
  'signMessage',
  'signPsbt',
  'sendTransfer',
  'wallet_connect',
  'wallet_disconnect',
  'wallet_renouncePermissions',
  'wallet_getNetwork',
]

export function createSatsConnectProvider(deps: SatsConnectDeps) {
  const listeners = new Map<string, Set<(event: unknown) => void>>()
  let nextId = 0

  const address = (key: BitcoinKey, purpose: 'payment' | 'ordinals') => ({
    address: key.address,
    publicKey: Array.from(key.publicKey, (b) => b.toString(16).padStart(2, '0')).join(''),
    purpose,
    addressType: key.type,
    walletType: 'software' as const,
  })
  const addresses = (purposes: readonly string[]) => {
    const k = deps.keys()
    return purposes.flatMap((p) => (p === 'payment' ? [address(k.payment, 'payment')] : p === 'ordinals' ? [address(k.ordinal, 'ordinals')] : []))
  }
  const network = { bitcoin: { name: 'Regtest' }, stacks: { name: 'Regtest' }, spark: { name: 'Regtest' } }
  const parse = <T>(schema: v.GenericSchema<unknown, T>, params: unknown, method: string): T => {
    const parsed = v.safeParse(schema, params)
    if (!parsed.success) throw invalidParams(`Invalid ${method} params: ${v.summarize(parsed.issues)}`)
    return parsed.output
  }
  const requireConnected = (method: string) => {
    if (!deps.connected()) throw new ProviderRpcError(SatsError.ACCESS_DENIED, `Connect first (${method}).`)
  }

  async function answer(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'getInfo':
        return { version: BITCOIN_TEST_WALLET_VERSION, platform: 'web', methods: METHODS, supports: [] }
      case 'wallet_connect': {
        const p = parse(WalletConnectParams, params, method)
        await deps.connect()
        return { id: 'portico-test', walletType: 'software', addresses: addresses(p?.addresses ?? ['payment', 'ordinals']), network }
      }
      case 'getAddresses': {
        const { purposes } = parse(GetAddresses, params, method)
        await deps.connect()
        return { addresses: addresses(purposes), network }
      }
      case 'wallet_getNetwork':
        return network
      case 'wallet_disconnect':
      case 'wallet_renouncePermissions':
        deps.disconnect()
        return null
      case 'signMessage': {
        requireConnected(method)
        const p = parse(SignMessage, params, method)
        const signed = await deps.ops.signMessage(
          method,
          p.address,
          new TextEncoder().encode(p.message),
          p.protocol === 'BIP322' ? 'bip322' : p.protocol === 'ECDSA' ? 'ecdsa' : undefined,
        )
        return { signature: signed.signature, messageHash: signed.messageHash, address: p.address, protocol: signed.protocol === 'ecdsa' ? 'ECDSA' : 'BIP322' }
      }
      case 'signPsbt': {
        requireConnected(method)
        const p = parse(SignPsbt, params, method)
        const requests = p.signInputs ? Object.entries(p.signInputs).map(([address, indexes]) => ({ address, indexes })) : undefined
        const signed = await deps.ops.signPsbt(method, p.psbt, requests, !!p.broadcast)
        return { psbt: signed.psbtBase64, ...(signed.txid ? { txid: signed.txid } : {}) }
      }
      case 'sendTransfer': {
        requireConnected(method)
        const p = parse(SendTransfer, params, method)
        return deps.ops.sendTransfer(
          method,
          p.recipients.map((r) => ({ address: r.address, amount: BigInt(r.amount) })),
        )
      }
      default:
        throw new ProviderRpcError(SatsError.METHOD_NOT_FOUND, `Method not supported: ${method}`)
    }
  }

  const provider: SatsConnectProvider = {
    isPorticoBitcoinTestWallet: true,
    async request(method, params) {
      const id = `portico-${++nextId}`
      try {
        return { jsonrpc: '2.0', id, result: await answer(method, params) } satisfies SatsConnectResponse
      } catch (err) {
        const e = asProviderError(err)
        const code =
          e.code === 4001
            ? SatsError.USER_REJECTION
            : e.code === -32602
              ? SatsError.INVALID_PARAMS
              : e.code === 4100
                ? SatsError.ACCESS_DENIED
                : e.code < 0
                  ? e.code
                  : SatsError.INTERNAL_ERROR
        return { jsonrpc: '2.0', id, error: { code, message: e.message } } satisfies SatsConnectResponse
      }
    },
    /** `addListener({ eventName, cb })`, or the legacy `addListener(eventName, cb)`. */
    addListener(...args: unknown[]) {
      const [first, second] = args
      const eventName = typeof first === 'string' ? first : (first as { eventName?: string })?.eventName
      const cb = (typeof first === 'string' ? second : (first as { cb?: unknown })?.cb) as ((event: unknown) => void) | undefined
      if (!eventName || typeof cb !== 'function') return () => undefined
      const set = listeners.get(eventName) ?? new Set()
      listeners.set(eventName, set)
      set.add(cb)
      return () => void set.delete(cb)
    },
  }

  return {
    provider,
    emit(eventName: 'accountChange' | 'disconnect') {
      const event = eventName === 'accountChange' ? { type: 'accountChange', addresses: addresses(['payment', 'ordinals']) } : { type: 'disconnect' }
      for (const cb of [...(listeners.get(eventName) ?? [])]) {
        try {
          cb(event)
        } catch (err) {
          console.error('[Portico Bitcoin Test Wallet] listener threw', err)
        }
      }
    },
  }
}
