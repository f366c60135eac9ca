import { isBip122Address } from '@portico/core/spec'
import * as v from 'valibot'

/** Every wallet reply and every Esplora body is checked before the adapter trusts it. */
export const BitcoinAddressSchema = v.pipe(
  v.string(),
  v.check((a) => isBip122Address(a), 'not a Bitcoin address'),
)
const Hex = v.pipe(v.string(), v.regex(/^[0-9a-fA-F]*$/, 'not hex'))
const Base64 = v.pipe(v.string(), v.minLength(1), v.regex(/^[A-Za-z0-9+/=]+$/, 'not base64'))
export const TxidSchema = v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/, 'not a transaction id'))
const Bytes = v.custom<Uint8Array>((value) => Object.prototype.toString.call(value) === '[object Uint8Array]', 'expected bytes')

// --- PorticoBitcoinProvider answers (WalletConnect's bip122 shapes), also from providers Portico did not write ---
export const AccountAddressesSchema = v.array(
  v.looseObject({
    address: BitcoinAddressSchema,
    publicKey: v.optional(Hex),
    path: v.optional(v.string()),
    intention: v.optional(v.picklist(['payment', 'ordinal'])),
  }),
)
export const SignMessageResultSchema = v.looseObject({ address: v.optional(v.string()), signature: Base64 })
export const SignPsbtResultSchema = v.looseObject({ psbt: Base64, txid: v.optional(TxidSchema) })
export const SendTransferResultSchema = v.looseObject({ txid: TxidSchema })

// --- Wallet Standard (bitcoin:*) ---
export const StandardAccountSchema = v.looseObject({
  address: BitcoinAddressSchema,
  publicKey: Bytes,
  chains: v.array(v.string()),
  features: v.array(v.string()),
})
export const StandardConnectOutputSchema = v.looseObject({ accounts: v.array(StandardAccountSchema) })
export const StandardSignMessageOutputSchema = v.looseObject({ signature: Bytes })
export const StandardSignTransactionOutputSchema = v.looseObject({ signedPsbt: Bytes, txId: v.optional(TxidSchema) })
export const StandardSignAndSendOutputSchema = v.looseObject({ txId: TxidSchema })
export const StandardWalletSchema = v.looseObject({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  icon: v.pipe(v.string(), v.regex(/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/, 'icon must be a data: image URI')),
  chains: v.array(v.string()),
  features: v.custom<Record<string, unknown>>((f) => typeof f === 'object' && f !== null, 'features must be an object'),
  accounts: v.array(v.unknown()),
})

// --- sats-connect's request API (Xverse, Magic Eden): JSON-RPC replies ---
const RpcErrorReply = v.looseObject({ error: v.looseObject({ code: v.number(), message: v.optional(v.string()) }) })
export const RpcReplySchema = v.union([RpcErrorReply, v.looseObject({ result: v.unknown() })])

/** A JSON-RPC reply's result, or its error as a provider error `{ code, message }`. */
export function rpcResult(reply: v.InferOutput<typeof RpcReplySchema>, method: string): unknown {
  if (v.is(RpcErrorReply, reply)) throw Object.assign(new Error(reply.error.message ?? `${method} failed`), { code: reply.error.code })
  return (reply as { result: unknown }).result
}
export const SatsAddressesSchema = v.looseObject({
  addresses: v.array(v.looseObject({ address: v.string(), publicKey: v.optional(Hex), purpose: v.string() })),
})
export const SatsSignMessageSchema = v.looseObject({ signature: Base64, address: v.optional(v.string()) })
export const SatsSignPsbtSchema = v.looseObject({ psbt: Base64, txid: v.optional(TxidSchema) })

// --- Leather ---
export const LeatherAddressesSchema = v.looseObject({
  addresses: v.array(
    v.looseObject({
      symbol: v.optional(v.string()),
      type: v.optional(v.string()),
      address: v.string(),
      publicKey: v.optional(Hex),
      derivationPath: v.optional(v.string()),
    }),
  ),
})
export const LeatherSignMessageSchema = v.looseObject({ signature: Base64, address: v.optional(v.string()) })
export const LeatherSignPsbtSchema = v.looseObject({ hex: Hex, txid: v.optional(TxidSchema) })

// --- OKX ---
export const OkxConnectSchema = v.looseObject({ address: BitcoinAddressSchema, publicKey: v.optional(Hex) })
export const OkxAccountsSchema = v.array(BitcoinAddressSchema)
export const OkxSignatureSchema = Base64
export const HexSchema = v.pipe(Hex, v.minLength(2))

/** Parses a wallet's reply; a malformed one is a typed error naming the wallet. */
export function parseReply<T extends v.GenericSchema>(schema: T, value: unknown, wallet: string): v.InferOutput<T> {
  const parsed = v.safeParse(schema, value)
  if (!parsed.success) throw new InvalidReply(`${wallet} replied with ${parsed.issues[0]?.message}`)
  return parsed.output
}

/** Thrown inside a driver: the provider turns it into a -32603-free `{ code, message }` the adapter maps. */
export class InvalidReply extends Error {
  override name = 'InvalidReply'
}
