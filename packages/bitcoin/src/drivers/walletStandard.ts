import type { BitcoinAccountAddress, BitcoinRpcSchema } from '@portico/core'
import { base64, hex } from '../bytes.js'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import * as v from 'valibot'
import { intentionOf } from '../address.js'
import { BitcoinProviderError } from '../errors.js'
import {
  parseReply,
  StandardAccountSchema,
  StandardConnectOutputSchema,
  StandardSignAndSendOutputSchema,
  StandardSignMessageOutputSchema,
  StandardSignTransactionOutputSchema,
} from '../schemas.js'
import { createBitcoinProvider, type BitcoinWallet } from './provider.js'

/** Exodus' bitcoin-wallet-standard features, typed loosely here and checked where called. */
interface InputToSign {
  account: WalletAccount
  signingIndexes: number[]
}
interface SignInput {
  psbt: Uint8Array
  chain: string
  inputsToSign: InputToSign[]
}
type Feature<F> = F | undefined
type ConnectFeature = { connect(input: { purposes: ('payment' | 'ordinals')[] }): Promise<unknown> }
/** Wallet Standard's own connect: `silent` asks for the accounts of a page authorized before, never prompting. */
type StandardConnectFeature = { connect(input: { silent: boolean }): Promise<unknown> }
// The standard signs the legacy "Bitcoin Signed Message" (ECDSA); wallets that do both (BIP-322 too) take a `protocol`
// beside it, and the others ignore it.
type SignMessageFeature = { signMessage(...inputs: { account: WalletAccount; message: Uint8Array; protocol?: 'bip322' | 'ecdsa' }[]): Promise<unknown> }
// The latest shape takes several inputs and answers an array; the earlier one took one input and answered one object.
type SignTransactionFeature = { signTransaction(...inputs: SignInput[]): Promise<unknown> }
type SignAndSendFeature = { signAndSendTransaction(...inputs: SignInput[]): Promise<unknown> }
type EventsFeature = { on(event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void): () => void }

const feature = <T>(wallet: Wallet, name: string): Feature<T> => (wallet.features as Record<string, unknown>)[name] as Feature<T>
const first = (output: unknown) => (Array.isArray(output) ? output[0] : output)

/** A Wallet Standard wallet Portico can use on Bitcoin: bitcoin:connect and a bitcoin: chain or sign feature. */
export function isBitcoinStandardWallet(wallet: Wallet): boolean {
  return 'bitcoin:connect' in wallet.features && (wallet.chains.some((c) => c.startsWith('bitcoin:')) || 'bitcoin:signTransaction' in wallet.features)
}

const toAddress = (account: WalletAccount): BitcoinAccountAddress => ({
  address: account.address,
  publicKey: hex.encode(account.publicKey as Uint8Array),
  intention: intentionOf(account.address),
})

/** The wallet's accounts that pass the schema (the wallet's own objects, which it expects back). */
const bitcoinAccounts = (accounts: readonly unknown[]) => accounts.filter((a): a is WalletAccount => v.is(StandardAccountSchema, a))

/** Drives a Wallet Standard Bitcoin wallet through PorticoBitcoinProvider. */
export function walletStandardBitcoin(wallet: Wallet): BitcoinWallet {
  const accountOf = (address: string) => {
    const account = wallet.accounts.find((a) => a.address === address)
    if (!account) throw new BitcoinProviderError(4100, `${wallet.name} has no connected account ${address}`)
    return account
  }
  const chainOf = (account: WalletAccount) =>
    account.chains.find((c) => c.startsWith('bitcoin:')) ?? wallet.chains.find((c) => c.startsWith('bitcoin:')) ?? 'bitcoin:mainnet'

  const signInput = (params: BitcoinRpcSchema['signPsbt']['params']): SignInput => {
    const byAddress = new Map<string, number[]>()
    for (const { address, index } of params.signInputs ?? []) byAddress.set(address, [...(byAddress.get(address) ?? []), index])
    if (byAddress.size === 0) throw new BitcoinProviderError(-32602, 'signInputs must name the inputs to sign')
    const inputsToSign = [...byAddress].map(([address, signingIndexes]) => ({ account: accountOf(address), signingIndexes }))
    return { psbt: base64.decode(params.psbt), chain: chainOf(inputsToSign[0]!.account), inputsToSign }
  }

  const provider = createBitcoinProvider(
    {
      async getAccountAddresses() {
        const connect = feature<ConnectFeature>(wallet, 'bitcoin:connect')!
        const output = parseReply(StandardConnectOutputSchema, await connect.connect({ purposes: ['payment', 'ordinals'] }), wallet.name)
        return bitcoinAccounts(output.accounts).map(toAddress)
      },
      async signMessage({ address, message, protocol }) {
        const sign = feature<SignMessageFeature>(wallet, 'bitcoin:signMessage')
        if (!sign) throw new BitcoinProviderError(4200, `${wallet.name} cannot sign messages`)
        const output = await sign.signMessage({ account: accountOf(address), message: new TextEncoder().encode(message), ...(protocol ? { protocol } : {}) })
        const { signature } = parseReply(StandardSignMessageOutputSchema, first(output), wallet.name)
        return { address, signature: base64.encode(signature) }
      },
      async signPsbt(params) {
        const input = signInput(params)
        const signAndSend = feature<SignAndSendFeature>(wallet, 'bitcoin:signAndSendTransaction')
        if (params.broadcast && signAndSend) {
          const { txId } = parseReply(StandardSignAndSendOutputSchema, first(await signAndSend.signAndSendTransaction(input)), wallet.name)
          return { psbt: params.psbt, txid: txId }
        }
        const sign = feature<SignTransactionFeature>(wallet, 'bitcoin:signTransaction')
        if (!sign) throw new BitcoinProviderError(4200, `${wallet.name} cannot sign transactions`)
        const { signedPsbt, txId } = parseReply(StandardSignTransactionOutputSchema, first(await sign.signTransaction(input)), wallet.name)
        return { psbt: base64.encode(signedPsbt), ...(txId ? { txid: txId } : {}) }
      },
    },
    (emit) =>
      feature<EventsFeature>(wallet, 'standard:events')?.on('change', ({ accounts }) => {
        if (!accounts) return
        const usable = bitcoinAccounts(accounts)
        if (usable.length === 0) emit('disconnect')
        else emit('bip122_addressesChanged', usable.map(toAddress))
      }) ?? (() => {}),
  )
  return {
    name: wallet.name,
    icon: wallet.icon,
    provider,
    // Accounts the wallet already authorized this page for: a reload restores them without a prompt. A wallet that
    // lists none until asked (as after a reload) is asked silently where it can be (standard:connect).
    restore: async () => {
      const listed = bitcoinAccounts(wallet.accounts)
      const silent = feature<StandardConnectFeature>(wallet, 'standard:connect')
      if (listed.length || !silent) return listed.map(toAddress)
      return bitcoinAccounts(parseReply(StandardConnectOutputSchema, await silent.connect({ silent: true }), wallet.name).accounts).map(toAddress)
    },
  }
}
