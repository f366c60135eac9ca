import * as v from 'valibot'

/** Wallet replies and announcements are checked before Portico trusts them. */
export const AddressSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'not an EVM address'))
export const AccountsSchema = v.array(AddressSchema)
export const SignatureSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{128,}$/, 'not a signature'))
export const TxHashSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/, 'not a transaction hash'))
export const ChainIdSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,16}$/, 'not a hex chain id'))

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): void
  removeListener?(event: string, listener: (...args: any[]) => void): void
  /** A wallet that may queue a transaction instead of sending it (a Safe with more than one signer, safe.ts). */
  transactionQueue?: TransactionQueue
}

export interface TransactionQueue {
  /** Whether `hash` is the wallet's own id of a transaction it queued, not a chain hash. */
  isQueued(hash: string): boolean
  /** The chain hash once the wallet executes it; rejects when it is dropped. */
  executed(hash: string, options?: { pollMs?: number }): Promise<string>
}

/** EIP-6963: icon SHOULD be a data URI; we also accept https images and reject anything else. */
export const ProviderDetailSchema = v.object({
  info: v.object({
    uuid: v.pipe(v.string(), v.minLength(1)),
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
    icon: v.pipe(v.string(), v.regex(/^(data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]|https:\/\/)/, 'icon must be a data: image URI')),
    rdns: v.pipe(v.string(), v.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'rdns must be a reverse domain name')),
  }),
  provider: v.custom<Eip1193Provider>(
    (p) => typeof p === 'object' && p !== null && typeof (p as Eip1193Provider).request === 'function',
    'provider must have request()',
  ),
})
export type ProviderDetail = v.InferOutput<typeof ProviderDetailSchema>
