/**
 * The Wallet Standard's bitcoin features as Exodus's bitcoin-wallet-standard repository defines them
 * (packages/core/features: bitcoin:connect, bitcoin:signMessage, bitcoin:signTransaction,
 * bitcoin:signAndSendTransaction), written out here from that documentation; and the schemas this wallet
 * checks an app's inputs with.
 */
import type { IdentifierString, WalletAccount } from '@wallet-standard/base'
import * as v from 'valibot'

export const BitcoinConnect = 'bitcoin:connect'
export const BitcoinSignMessage = 'bitcoin:signMessage'
export const BitcoinSignTransaction = 'bitcoin:signTransaction'
export const BitcoinSignAndSendTransaction = 'bitcoin:signAndSendTransaction'

export type BitcoinAddressPurpose = 'ordinals' | 'payment'
export type BitcoinSigHashFlag = 'ALL' | 'NONE' | 'SINGLE' | 'ALL|ANYONECANPAY' | 'NONE|ANYONECANPAY' | 'SINGLE|ANYONECANPAY'

export interface BitcoinConnectInput {
  readonly purposes: BitcoinAddressPurpose[]
}
export interface BitcoinConnectOutput {
  readonly accounts: readonly WalletAccount[]
}
export interface BitcoinSignMessageInput {
  readonly account: WalletAccount
  readonly message: Uint8Array
}
export interface BitcoinSignMessageOutput {
  readonly signedMessage: Uint8Array
  readonly signature: Uint8Array
}
export interface InputToSign {
  readonly account: WalletAccount
  readonly signingIndexes: number[]
  /** The latest feature names it ('ALL', ...); its first versions took the numeric flag. */
  readonly sigHash?: BitcoinSigHashFlag | number
}
export interface BitcoinSignTransactionInput {
  readonly psbt: Uint8Array
  readonly inputsToSign: InputToSign[]
  readonly chain?: IdentifierString
  /** The first single-input version's flag: broadcast after signing (txId in the output). */
  readonly broadcast?: boolean
}
export interface BitcoinSignTransactionOutput {
  readonly signedPsbt: Uint8Array
  readonly txId?: string
}
export interface BitcoinSignAndSendTransactionOutput {
  readonly txId: string
}

export type BitcoinFeatures = {
  readonly [BitcoinConnect]: { readonly version: '1.0.0'; readonly connect: (input: BitcoinConnectInput) => Promise<BitcoinConnectOutput> }
  readonly [BitcoinSignMessage]: {
    readonly version: '1.0.0'
    readonly signMessage: (...inputs: readonly BitcoinSignMessageInput[]) => Promise<readonly BitcoinSignMessageOutput[]>
  }
  readonly [BitcoinSignTransaction]: {
    readonly version: '1.0.0'
    readonly signTransaction: (...inputs: readonly BitcoinSignTransactionInput[]) => Promise<readonly BitcoinSignTransactionOutput[]>
  }
  readonly [BitcoinSignAndSendTransaction]: {
    readonly version: '1.0.0'
    readonly signAndSendTransaction: (...inputs: readonly BitcoinSignTransactionInput[]) => Promise<readonly BitcoinSignAndSendTransactionOutput[]>
  }
}

const bytes = v.instance(Uint8Array)
const account = v.looseObject({ address: v.string() })

export const connectInputSchema = v.object({ purposes: v.array(v.picklist(['payment', 'ordinals'])) })
export const signMessageInputSchema = v.object({ account, message: bytes })
export const signTransactionInputSchema = v.object({
  psbt: bytes,
  inputsToSign: v.array(
    v.object({
      account,
      signingIndexes: v.array(v.pipe(v.number(), v.integer(), v.minValue(0))),
      sigHash: v.optional(v.union([v.number(), v.string()])),
    }),
  ),
  chain: v.optional(v.string()),
  broadcast: v.optional(v.boolean()),
})
