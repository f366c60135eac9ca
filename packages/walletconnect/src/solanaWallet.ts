import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
  SolanaTransactionCommitment,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsChangeProperties, StandardEventsFeature } from '@wallet-standard/features'
import type UniversalProvider from '@walletconnect/universal-provider'
import * as v from 'valibot'
import { fromBase58, fromBase64, toBase58, toBase64, withSignature } from './encoding.js'
import { toWalletError } from './walletErrors.js'

/** The Solana methods a session asks for (WalletConnect's Solana RPC). */
export const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const
export const SOLANA_EVENTS: string[] = []

export type WalletConnectSolanaFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

export type WalletConnectSolanaWallet = Wallet & { readonly features: WalletConnectSolanaFeatures; readonly isWalletConnect: true }

const Base58 = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]+$/))
const Base64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]*={0,2}$/))
const SignatureResult = v.object({ signature: Base58 })
const SignTransactionResult = v.union([v.object({ transaction: Base64, signature: v.optional(Base58) }), v.object({ signature: Base58 })])
const SignatureStatuses = v.object({
  result: v.object({ value: v.array(v.nullable(v.object({ err: v.unknown(), confirmationStatus: v.nullish(v.string()) }))) }),
})

const ACCOUNT_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const
const VERSIONS = ['legacy', 0] as const
const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b99fc"/>' +
      '<path d="M9.6 12.3c3.5-3.4 9.3-3.4 12.8 0l.4.4-1.5 1.4-.6-.5c-2.5-2.4-6.6-2.4-9.1 0l-.6.6-1.5-1.5zM8 14l3.2 3.1L14.4 14l1.6 1.6L12.8 19 9.6 22 6.4 19z" fill="#fff"/></svg>',
  )

/**
 * The session's solana accounts as a Wallet Standard wallet, so the Solana adapter treats a
 * WalletConnect wallet like any browser wallet. Each feature becomes one request over the
 * session with the encodings of WalletConnect's Solana RPC: messages, public keys and
 * signatures in base58, wire transactions in base64.
 */
export function createSolanaWallet(provider: UniversalProvider, options: { onWalletRequest?: (method: string) => void } = {}): WalletConnectSolanaWallet {
  const listeners = new Set<(properties: StandardEventsChangeProperties) => void>()
  const namespace = () => provider.session?.namespaces.solana
  const chains = (): IdentifierString[] => {
    const ns = namespace()
    return [...new Set(ns?.chains ?? ns?.accounts.map((a) => a.split(':').slice(0, 2).join(':')) ?? [])] as IdentifierString[]
  }
  const known = new Map<string, WalletAccount>()
  const accounts = (): WalletAccount[] => {
    // Session accounts are CAIP-10 per chain; one account per address, listing its chains.
    const byAddress = new Map<string, IdentifierString[]>()
    for (const caip10 of namespace()?.accounts ?? []) {
      const [ns, ref, address] = caip10.split(':') as [string, string, string]
      byAddress.set(address, [...(byAddress.get(address) ?? []), `${ns}:${ref}`])
    }
    return [...byAddress].map(([address, accountChains]) => {
      const previous = known.get(address)
      if (previous && previous.chains.join() === accountChains.join()) return previous
      const account: WalletAccount = Object.freeze({ address, publicKey: fromBase58(address), chains: accountChains, features: ACCOUNT_FEATURES })
      known.set(address, account)
      return account
    })
  }
  const emit = () => {
    const properties = { accounts: accounts() }
    for (const listener of [...listeners]) listener(properties)
  }
  provider.on('session_update', emit)
  provider.on('session_delete', emit)

  /** A session chain: the one asked for when the session has it, else the session's first. */
  const chainFor = (chain?: string) => {
    const all = chains()
    if (!all.length) throw toWalletError({ code: 4100, message: 'The WalletConnect session has no Solana accounts' })
    return chain && all.includes(chain as IdentifierString) ? chain : all[0]!
  }
  const sessionAccount = (account: WalletAccount) => {
    if (!namespace()?.accounts.some((a) => a.endsWith(`:${account.address}`)))
      throw toWalletError({ code: 4100, message: `${account.address} is not an account of the WalletConnect session` })
    return account.address
  }
  const request = async <T>(method: string, params: Record<string, unknown>, schema: v.GenericSchema<unknown, T>, chain?: string) => {
    const chainId = chainFor(chain)
    options.onWalletRequest?.(method)
    let result: unknown
    try {
      result = await provider.request({ method, params }, chainId)
    } catch (error) {
      throw toWalletError(error)
    }
    const parsed = v.safeParse(schema, result)
    if (!parsed.success) throw toWalletError({ message: `Unexpected answer to ${method}: ${v.summarize(parsed.issues)}` })
    return parsed.output
  }

  const signMessage = async ({ account, message }: SolanaSignMessageInput) => {
    const pubkey = sessionAccount(account)
    const { signature } = await request('solana_signMessage', { message: toBase58(message), pubkey }, SignatureResult)
    return { signedMessage: message, signature: fromBase58(signature), signatureType: 'ed25519' as const }
  }
  const signTransaction = async ({ account, transaction, chain }: SolanaSignTransactionInput) => {
    const pubkey = sessionAccount(account)
    const result = await request('solana_signTransaction', { transaction: toBase64(transaction), pubkey }, SignTransactionResult, chain)
    // The current RPC answers the signed transaction; its older form only the signature.
    if ('transaction' in result) return { signedTransaction: fromBase64(result.transaction) }
    return { signedTransaction: withSignature(transaction, account.publicKey as Uint8Array, fromBase58(result.signature)) }
  }
  const signAndSendTransaction = async ({ account, transaction, chain, options: send = {} }: SolanaSignAndSendTransactionInput) => {
    const pubkey = sessionAccount(account)
    const chainId = chainFor(chain)
    const { commitment, ...sendOptions } = send
    const { signature } = await request('solana_signAndSendTransaction', { transaction: toBase64(transaction), pubkey, sendOptions }, SignatureResult, chainId)
    // The RPC has no commitment: "confirm after sending" is done here, on the network's RPC.
    // The proposal's rpcMap: the host's RPC of each network, kept with the session across reloads.
    const rpcUrl = (provider.optionalNamespaces?.solana?.rpcMap as Record<string, string> | undefined)?.[chainId]
    if (commitment && rpcUrl) await confirm(rpcUrl, signature, commitment)
    return { signature: fromBase58(signature) }
  }
  const each =
    <I, O>(fn: (input: I) => Promise<O>) =>
    async (...inputs: readonly I[]) => {
      const outputs: O[] = []
      for (const input of inputs) outputs.push(await fn(input))
      return outputs
    }

  return {
    version: '1.0.0',
    get name() {
      return provider.session?.peer.metadata.name ?? 'WalletConnect'
    },
    icon: ICON as Wallet['icon'],
    get chains() {
      return chains()
    },
    get accounts() {
      return accounts()
    },
    isWalletConnect: true,
    features: {
      'standard:connect': {
        version: '1.0.0',
        // The session was approved when the pairing settled: connecting reads its accounts.
        connect: async () => ({ accounts: accounts() }),
      },
      'standard:disconnect': {
        version: '1.0.0',
        // Ends the whole session, as the EVM side's wallet_revokePermissions does.
        disconnect: async () => {
          if (!provider.session) return
          await provider.disconnect()
          emit()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event, listener) => {
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
      'solana:signMessage': { version: '1.1.0', signMessage: each(signMessage) },
      'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: VERSIONS, signTransaction: each(signTransaction) },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: VERSIONS,
        signAndSendTransaction: each(signAndSendTransaction),
      },
    },
  }
}

const RANK: Record<string, number> = { processed: 0, confirmed: 1, finalized: 2 }

async function confirm(rpcUrl: string, signature: string, commitment: SolanaTransactionCommitment, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSignatureStatuses', params: [[signature]] }),
    })
    const body = v.safeParse(SignatureStatuses, await response.json())
    const status = body.success ? body.output.result.value[0] : undefined
    if (status?.err) throw toWalletError({ message: `Transaction ${signature} failed on chain: ${JSON.stringify(status.err)}` })
    if (status?.confirmationStatus && RANK[status.confirmationStatus]! >= RANK[commitment]!) return
    if (Date.now() > deadline) throw toWalletError({ message: `Transaction ${signature} was not ${commitment} within ${timeoutMs / 1000} s` })
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
