import type { SolanaTransactionCommitment } from '@solana/wallet-standard-features'
import { createSolanaWalletShell, type SolanaShellWallet, type SolanaWalletLink } from '@portico/solana/walletShell'
import type UniversalProvider from '@walletconnect/universal-provider'
import * as v from 'valibot'
import { fromBase58, fromBase64, toBase58, toBase64, withSignature } from './encoding.js'
import type { WalletConnectFamily } from './family.js'
import { toWalletError } from './walletErrors.js'

/** The Solana methods a session asks for (WalletConnect's Solana RPC). */
export const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const
export const SOLANA_EVENTS: string[] = []

/** Solana's link to WalletConnect sessions (families.ts). */
export const solanaFamily: WalletConnectFamily = {
  namespace: 'solana',
  methods: SOLANA_METHODS,
  events: SOLANA_EVENTS,
  // The generic provider keys Solana reads by CAIP-2.
  rpcMap: (networks) => Object.fromEntries(networks.filter((n) => n.rpcUrls.default.http[0]).map((n) => [n.caipNetworkId, n.rpcUrls.default.http[0]!])),
  // One wallet for the client's life: it reads the current session on every call.
  provider: ({ provider, onWalletRequest }) => createSolanaWallet(provider, { onWalletRequest }),
}

export type WalletConnectSolanaWallet = SolanaShellWallet & { readonly isWalletConnect: true }

const Base58 = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]+$/))
const Base64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]*={0,2}$/))
const SignatureResult = v.object({ signature: Base58 })
const SignTransactionResult = v.union([v.object({ transaction: Base64, signature: v.optional(Base58) }), v.object({ signature: Base58 })])
const SignatureStatuses = v.object({
  result: v.object({ value: v.array(v.nullable(v.object({ err: v.unknown(), confirmationStatus: v.nullish(v.string()) }))) }),
})

const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b99fc"/>' +
      '<path d="M9.6 12.3c3.5-3.4 9.3-3.4 12.8 0l.4.4-1.5 1.4-.6-.5c-2.5-2.4-6.6-2.4-9.1 0l-.6.6-1.5-1.5zM8 14l3.2 3.1L14.4 14l1.6 1.6L12.8 19 9.6 22 6.4 19z" fill="#fff"/></svg>',
  )

/**
 * The session's solana accounts as a Wallet Standard wallet (the Solana package's shell), so the
 * Solana adapter treats a WalletConnect wallet like any browser wallet. This is the shell's link:
 * each feature becomes one request over the session with the encodings of WalletConnect's Solana
 * RPC: messages, public keys and signatures in base58, wire transactions in base64.
 */
export function createSolanaWallet(provider: UniversalProvider, options: { onWalletRequest?: (method: string) => void } = {}): WalletConnectSolanaWallet {
  const namespace = () => provider.session?.namespaces.solana
  const request = async <T>(method: string, params: Record<string, unknown>, schema: v.GenericSchema<unknown, T>, chainId: string) => {
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

  const link: SolanaWalletLink = {
    name: () => provider.session?.peer.metadata.name ?? 'WalletConnect',
    icon: ICON as SolanaWalletLink['icon'],
    chains() {
      const ns = namespace()
      return [...new Set(ns?.chains ?? ns?.accounts.map((a) => a.split(':').slice(0, 2).join(':')) ?? [])]
    },
    accounts() {
      // Session accounts are CAIP-10 per chain; one account per address, listing its chains.
      const byAddress = new Map<string, string[]>()
      for (const caip10 of namespace()?.accounts ?? []) {
        const [ns, ref, address] = caip10.split(':') as [string, string, string]
        byAddress.set(address, [...(byAddress.get(address) ?? []), `${ns}:${ref}`])
      }
      return [...byAddress].map(([address, chains]) => ({ address, publicKey: fromBase58(address), chains }))
    },
    // The session was approved when the pairing settled: connecting reads its accounts.
    // Disconnecting ends the whole session, as the EVM side's wallet_revokePermissions does.
    async disconnect() {
      if (provider.session) await provider.disconnect()
    },
    async signMessage({ address, message, chain }) {
      const { signature } = await request('solana_signMessage', { message: toBase58(message), pubkey: address }, SignatureResult, chain)
      return fromBase58(signature)
    },
    async signTransactions(requests) {
      const signed: Uint8Array[] = []
      for (const { address, transaction, chain } of requests) {
        const result = await request('solana_signTransaction', { transaction: toBase64(transaction), pubkey: address }, SignTransactionResult, chain)
        // The current RPC answers the signed transaction; its older form only the signature.
        signed.push('transaction' in result ? fromBase64(result.transaction) : withSignature(transaction, fromBase58(address), fromBase58(result.signature)))
      }
      return signed
    },
    async signAndSendTransaction({ address, transaction, chain, options: send = {} }) {
      const { commitment, ...sendOptions } = send
      const { signature } = await request(
        'solana_signAndSendTransaction',
        { transaction: toBase64(transaction), pubkey: address, sendOptions },
        SignatureResult,
        chain,
      )
      // The RPC has no commitment: "confirm after sending" is done here, on the network's RPC.
      // The proposal's rpcMap: the host's RPC of each network, kept with the session across reloads.
      const rpcUrl = (provider.optionalNamespaces?.solana?.rpcMap as Record<string, string> | undefined)?.[chain]
      if (commitment && rpcUrl) await confirm(rpcUrl, signature, commitment)
      return fromBase58(signature)
    },
  }
  const wallet = Object.assign(createSolanaWalletShell(link), { isWalletConnect: true as const })
  provider.on('session_update', wallet.refresh)
  provider.on('session_delete', wallet.refresh)
  return wallet
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
