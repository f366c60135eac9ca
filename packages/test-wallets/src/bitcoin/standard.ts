/**
 * The Wallet Standard face: `bitcoin:connect`, `bitcoin:signMessage`, `bitcoin:signTransaction`,
 * `bitcoin:signAndSendTransaction` in the shapes of Exodus's bitcoin-wallet-standard (the latest
 * signTransaction: several inputs, `inputsToSign: [{ account, signingIndexes, sigHash: 'ALL' }]`),
 * plus `standard:events` and `standard:disconnect`. The earlier single-input shapes
 * (`inputsToSign: [{ address, signingIndexes, sigHash: number }]`, `broadcast`) are accepted too.
 */
import { hex } from '@scure/base'
import type { WalletAccount } from '@wallet-standard/base'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import * as v from 'valibot'
import { BITCOIN_DEVNET_CAIP2, BITCOIN_REGTEST_CHAIN } from './network'
import { asProviderError, invalidParams } from './errors'
import type { BitcoinKey } from './keys'
import type { BitcoinOperations, PsbtInputsRequest } from './operations'
import { type SigHashName, sigHashNumber } from './psbt'

export const BitcoinConnect = 'bitcoin:connect'
export const BitcoinSignMessage = 'bitcoin:signMessage'
export const BitcoinSignTransaction = 'bitcoin:signTransaction'
export const BitcoinSignAndSendTransaction = 'bitcoin:signAndSendTransaction'
export const BITCOIN_STANDARD_CHAINS = [BITCOIN_REGTEST_CHAIN, BITCOIN_DEVNET_CAIP2] as const
const ACCOUNT_FEATURES = [BitcoinSignMessage, BitcoinSignTransaction, BitcoinSignAndSendTransaction] as const

const Bytes = v.instance(Uint8Array)
const Account = v.looseObject({ address: v.string() })
const SigHashSchema = v.union([
  v.picklist(['ALL', 'NONE', 'SINGLE', 'ALL|ANYONECANPAY', 'NONE|ANYONECANPAY', 'SINGLE|ANYONECANPAY']),
  v.pipe(v.number(), v.integer()),
])
const InputToSign = v.object({
  account: v.optional(Account),
  address: v.optional(v.string()),
  signingIndexes: v.array(v.pipe(v.number(), v.integer(), v.minValue(0))),
  sigHash: v.optional(SigHashSchema),
})
const SignTransactionInput = v.object({ psbt: Bytes, inputsToSign: v.array(InputToSign), chain: v.optional(v.string()), broadcast: v.optional(v.boolean()) })
const SignMessageInput = v.object({ account: Account, message: Bytes, protocol: v.optional(v.picklist(['ecdsa', 'bip322', 'ECDSA', 'BIP322'])) })
const ConnectInput = v.optional(v.object({ purposes: v.optional(v.array(v.picklist(['payment', 'ordinals']))) }))

function parse<T>(schema: v.GenericSchema<unknown, T>, value: unknown, what: string): T {
  const parsed = v.safeParse(schema, value)
  if (!parsed.success) throw invalidParams(`Invalid ${what}: ${v.summarize(parsed.issues)}`)
  return parsed.output
}

export interface StandardDeps {
  ops: BitcoinOperations
  keys(): { payment: BitcoinKey; ordinal: BitcoinKey }
  connect(): Promise<void>
}

/** The wallet's account objects, one per address, reused while the address is the same (apps compare them). */
export function createAccounts() {
  const cache = new Map<string, WalletAccount>()
  return (key: BitcoinKey): WalletAccount => {
    let account = cache.get(key.address)
    if (!account) {
      account = new ReadonlyWalletAccount({ address: key.address, publicKey: key.publicKey, chains: BITCOIN_STANDARD_CHAINS, features: ACCOUNT_FEATURES })
      cache.set(key.address, account)
    }
    return account
  }
}

const fail = (err: unknown): never => {
  throw asProviderError(err)
}

export function createBitcoinStandardFeatures({ ops, keys, connect }: StandardDeps, account: (key: BitcoinKey) => WalletAccount) {
  const toRequests = (inputs: v.InferOutput<typeof InputToSign>[]): PsbtInputsRequest[] =>
    inputs.map((i) => {
      const address = i.account?.address ?? i.address
      if (!address) throw invalidParams('Each input to sign names its account.')
      const sigHash = typeof i.sigHash === 'string' ? sigHashNumber(i.sigHash as SigHashName) : i.sigHash
      return { address, indexes: i.signingIndexes, ...(sigHash !== undefined ? { sigHash } : {}) }
    })

  async function signTransactions(method: string, inputs: unknown[], send: boolean) {
    const out = []
    let earlierShape = false
    for (const raw of inputs) {
      const input = parse(SignTransactionInput, raw, `${method} input`)
      earlierShape ||= input.inputsToSign.some((i) => !i.account && i.address !== undefined)
      const signed = await ops.signPsbt(method, input.psbt, toRequests(input.inputsToSign), send || !!input.broadcast)
      out.push(send ? { txId: signed.txid! } : { signedPsbt: signed.psbt, ...(signed.txid ? { txId: signed.txid } : {}) })
    }
    // The earlier shape took one input and answered one `{ psbt, txId? }`.
    if (earlierShape && !send && out.length === 1)
      return { psbt: (out[0] as { signedPsbt: Uint8Array }).signedPsbt, ...('txId' in out[0]! ? { txId: out[0].txId } : {}) }
    return out
  }

  return {
    [BitcoinConnect]: {
      version: '1.0.0',
      async connect(input?: unknown) {
        const { purposes = ['payment', 'ordinals'] } = parse(ConnectInput, input, 'connect input') ?? {}
        await connect().catch(fail)
        const k = keys()
        return { accounts: purposes.map((p) => account(p === 'payment' ? k.payment : k.ordinal)) }
      },
    },
    [BitcoinSignMessage]: {
      version: '1.0.0',
      async signMessage(...inputs: unknown[]) {
        const out = []
        for (const raw of inputs) {
          const input = parse(SignMessageInput, raw, 'signMessage input')
          const protocol = input.protocol?.toLowerCase() as 'ecdsa' | 'bip322' | undefined
          const signed = await ops.signMessage(BitcoinSignMessage, input.account.address, input.message, protocol).catch(fail)
          const signature = 'signatureBytes' in signed ? signed.signatureBytes : Uint8Array.from(atob(signed.signature), (c) => c.charCodeAt(0))
          out.push({ signedMessage: input.message, signature, signatureType: signed.protocol, messageHash: hex.decode(signed.messageHash) })
        }
        return out
      },
    },
    [BitcoinSignTransaction]: {
      version: '1.0.0',
      signTransaction: (...inputs: unknown[]) => signTransactions(BitcoinSignTransaction, inputs, false).catch(fail),
    },
    [BitcoinSignAndSendTransaction]: {
      version: '1.0.0',
      signAndSendTransaction: (...inputs: unknown[]) => signTransactions(BitcoinSignAndSendTransaction, inputs, true).catch(fail),
    },
  }
}
