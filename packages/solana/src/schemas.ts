import * as v from 'valibot'
import { isSolanaAddress } from './address.js'

/** Wallet Standard wallets and their replies are checked before Portico trusts them. */
export const SolanaAddressSchema = v.pipe(v.string(), v.check(isSolanaAddress, 'not a Solana address'))

/** A Uint8Array (also one from another realm, or a Buffer) of the given length. */
const bytes = (length?: number) =>
  v.custom<Uint8Array>(
    (value) => Object.prototype.toString.call(value) === '[object Uint8Array]' && (length === undefined || (value as Uint8Array).length === length),
    `expected ${length ?? 'some'} bytes`,
  )

export const WalletAccountSchema = v.looseObject({
  address: SolanaAddressSchema,
  publicKey: bytes(32),
  chains: v.array(v.string()),
  features: v.array(v.string()),
})

export const ConnectOutputSchema = v.looseObject({ accounts: v.array(v.unknown()) })
/** An ed25519 signature: 64 bytes. */
export const SignatureBytesSchema = bytes(64)
export const SignMessageOutputSchema = v.looseObject({ signature: SignatureBytesSchema })
export const SignAndSendOutputSchema = v.looseObject({ signature: SignatureBytesSchema })
export const SignTransactionOutputSchema = v.looseObject({ signedTransaction: bytes() })

/** Wallet Standard: a name, a data: image icon, chains and a features record. */
export const StandardWalletSchema = v.looseObject({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  icon: v.pipe(v.string(), v.regex(/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/, 'icon must be a data: image URI')),
  chains: v.array(v.string()),
  features: v.custom<Record<string, unknown>>((f) => typeof f === 'object' && f !== null, 'features must be an object'),
  accounts: v.array(v.unknown()),
})
