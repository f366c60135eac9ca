/**
 * The Docs Bitcoin Wallet as a Wallet Standard wallet (@wallet-standard/base's Wallet, standard:events,
 * standard:disconnect, and the bitcoin features of standardFeatures.ts). Registered with
 * @wallet-standard/wallet's registerWallet (register.ts).
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardDisconnectFeature, StandardEventsFeature, StandardEventsListeners } from '@wallet-standard/features'
import * as v from 'valibot'
import type { DocsBitcoinWallet } from './docsWallet'
import { DocsInvalidParamsError } from './errors'
import { DOCS_WALLET_ICON, DOCS_WALLET_NAME } from './icon'
import type { DocsKey } from './keys'
import { parseSigHash } from './psbt'
import {
  BitcoinConnect,
  type BitcoinFeatures,
  BitcoinSignAndSendTransaction,
  BitcoinSignMessage,
  BitcoinSignTransaction,
  type BitcoinSignTransactionInput,
  connectInputSchema,
  signMessageInputSchema,
  signTransactionInputSchema,
} from './standardFeatures'

const ACCOUNT_FEATURES = [BitcoinSignMessage, BitcoinSignTransaction, BitcoinSignAndSendTransaction] as const

function parse<S extends v.GenericSchema>(schema: S, input: unknown, field: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (!result.success) throw new DocsInvalidParamsError({ field, issue: v.summarize(result.issues) })
  return result.output
}

export type DocsStandardWallet = Wallet & { readonly features: BitcoinFeatures & StandardEventsFeature & StandardDisconnectFeature }

export function createDocsStandardWallet(core: DocsBitcoinWallet): DocsStandardWallet {
  const accounts = new Map<string, WalletAccount>()
  const toAccount = (key: DocsKey): WalletAccount => {
    let account = accounts.get(key.address)
    if (!account) {
      account = Object.freeze({
        address: key.address,
        publicKey: key.publicKey.slice(),
        chains: core.chains,
        features: ACCOUNT_FEATURES,
        label: key.purpose === 'payment' ? 'Payment' : 'Ordinals',
      })
      accounts.set(key.address, account)
    }
    return account
  }
  const listeners = new Set<StandardEventsListeners['change']>()
  core.on(() => {
    const properties = { accounts: core.granted.map(toAccount) }
    for (const listener of [...listeners]) listener(properties)
  })

  const checkChain = (chain: string | undefined) => {
    if (chain !== undefined && !core.chains.includes(chain as `${string}:${string}`)) throw new DocsInvalidParamsError({ field: 'chain', issue: chain })
  }
  const sign = async (raw: BitcoinSignTransactionInput, send: boolean) => {
    const input = parse(signTransactionInputSchema, raw, 'input')
    checkChain(input.chain)
    const inputs = input.inputsToSign.map((i) => ({ address: i.account.address, indexes: i.signingIndexes, sigHash: parseSigHash(i.sigHash) }))
    return core.signPsbt(input.psbt, inputs, { broadcast: send || input.broadcast === true })
  }

  const features: DocsStandardWallet['features'] = {
    [BitcoinConnect]: {
      version: '1.0.0',
      connect: async (input) => {
        const { purposes } = parse(connectInputSchema, input, 'purposes')
        return { accounts: (await core.connect(purposes)).map(toAccount) }
      },
    },
    [BitcoinSignMessage]: {
      version: '1.0.0',
      signMessage: async (...inputs) => {
        const outputs = []
        for (const raw of inputs) {
          const { account, message } = parse(signMessageInputSchema, raw, 'input')
          const { signature } = await core.signMessage(account.address, message)
          outputs.push({ signedMessage: message, signature })
        }
        return outputs
      },
    },
    [BitcoinSignTransaction]: {
      version: '1.0.0',
      signTransaction: async (...inputs) => {
        const outputs = []
        for (const input of inputs) {
          const { psbt, txid } = await sign(input, false)
          outputs.push(txid ? { signedPsbt: psbt, txId: txid } : { signedPsbt: psbt })
        }
        return outputs
      },
    },
    [BitcoinSignAndSendTransaction]: {
      version: '1.0.0',
      signAndSendTransaction: async (...inputs) => {
        const outputs = []
        for (const input of inputs) {
          const { txid } = await sign(input, true)
          if (!txid) throw new DocsInvalidParamsError({ field: 'input', issue: 'not broadcast' })
          outputs.push({ txId: txid })
        }
        return outputs
      },
    },
    'standard:events': {
      version: '1.0.0',
      on: (event, listener) => {
        if (event !== 'change') return () => {}
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: async () => core.disconnect(),
    },
  }

  return Object.freeze({
    version: '1.0.0' as const,
    name: DOCS_WALLET_NAME,
    icon: DOCS_WALLET_ICON,
    get chains() {
      return core.chains.slice() as `${string}:${string}`[]
    },
    features,
    get accounts() {
      return core.granted.map(toAccount)
    },
  })
}
