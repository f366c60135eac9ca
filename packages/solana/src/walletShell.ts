// @portico/solana/walletShell: the Wallet Standard wallet a transport (WalletConnect, the embedded
// wallet) hands its Solana accounts through. No @solana/kit and no adapter: a transport imports only this.
import { ProviderRequestError, UnauthorizedProviderError, UnsupportedMethodError, type PorticoError } from '@portico/core'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'

/** An account the link serves: its address, public key (base58-decoded address) and chains (CAIP-2). */
export interface SolanaLinkAccount {
  address: string
  publicKey: Uint8Array
  chains: readonly string[]
}

/** One signature request, after the shell checked the account is the link's and chose the chain. */
export interface SolanaLinkRequest {
  address: string
  /** A chain the link serves (the one asked for, else the link's first). */
  chain: string
}

/**
 * What a transport gives the shell: its accounts and chains now, and the wallet's four requests in
 * bytes. Each link speaks its own wire (WalletConnect's Solana RPC, the secure frame's messages):
 * its encodings and the checks of the answers' shapes are its own.
 */
export interface SolanaWalletLink {
  name(): string
  icon: `data:image/${'svg+xml' | 'webp' | 'png' | 'gif'};base64,${string}`
  accounts(): readonly SolanaLinkAccount[]
  /** Every chain the link serves. */
  chains(): readonly string[]
  /** standard:connect, before the shell answers the accounts; may refuse (e.g. nobody signed in). */
  connect?(input: { silent?: boolean }): Promise<void>
  disconnect?(): Promise<void>
  signMessage(request: SolanaLinkRequest & { message: Uint8Array }): Promise<Uint8Array>
  /** The signed transactions, in order. */
  signTransactions(requests: readonly (SolanaLinkRequest & { transaction: Uint8Array })[]): Promise<Uint8Array[]>
  /** The transaction's signature. */
  signAndSendTransaction(request: SolanaLinkRequest & { transaction: Uint8Array; options?: SolanaSendOptions }): Promise<Uint8Array>
}

/** solana:signAndSendTransaction's options (commitment, preflight…), passed to the link as given. */
export type SolanaSendOptions = { commitment?: 'processed' | 'confirmed' | 'finalized' } & Record<string, unknown>

/** The shell: a Wallet Standard wallet, and `refresh()` (reads the link's accounts again and tells the dapps when they changed). */
export type SolanaShellWallet = ReturnType<typeof createSolanaWalletShell>

type ChangeListener = (properties: { accounts?: readonly WalletAccount[] }) => void
type Input = { account: WalletAccount; chain?: string }

const SIGN_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const
const VERSIONS = ['legacy', 0] as const

/**
 * A wallet error as core's typed error, keeping the EIP-1193 `code` that Wallet Standard dapps and
 * the Solana adapter map by: 4100 an account the wallet does not serve, 4200 a chain or feature it
 * does not, anything else a failed request. `details` is for developers.
 */
export function solanaWalletError(code: number, details: string): PorticoError & { code: number } {
  const error =
    code === 4100
      ? new UnauthorizedProviderError({ details })
      : code === 4200
        ? new UnsupportedMethodError({ details })
        : new ProviderRequestError({ code, details })
  return Object.assign(error, { code })
}

/**
 * The link's accounts as a Wallet Standard wallet, so the Solana adapter (and any Solana dapp in
 * the page) treats a transport's accounts like a browser wallet's. The shell owns the standard's
 * shape: stable account objects, the 'change' event, each input checked against the link's
 * accounts and chains, the features' versions; the link owns the wire.
 */
export function createSolanaWalletShell(link: SolanaWalletLink) {
  const listeners = new Set<ChangeListener>()
  const known = new Map<string, WalletAccount>()
  const chains = () => [...link.chains()] as IdentifierString[]
  const read = (): readonly WalletAccount[] =>
    link.accounts().map(({ address, publicKey, chains: accountChains }) => {
      const previous = known.get(address)
      if (previous && previous.chains.join() === accountChains.join()) return previous
      const account: WalletAccount = Object.freeze({ address, publicKey, chains: [...accountChains] as IdentifierString[], features: SIGN_FEATURES })
      known.set(address, account)
      return account
    })
  let accounts = read()
  const refresh = () => {
    const next = read()
    if (next.length === accounts.length && next.every((account, i) => account === accounts[i])) return
    accounts = next
    for (const listener of [...listeners]) listener({ accounts })
  }

  /** The request's account (one of the link's) and chain (the one asked for, when served; none asked, the first). */
  const requestOf = ({ account, chain }: Input): SolanaLinkRequest => {
    const own = link.accounts().find((a) => a.address === account.address)
    if (!own) throw solanaWalletError(4100, `${account.address} is not an account of this wallet`)
    const served = chains()
    const chosen = chain ?? served[0]
    if (!chosen || !served.includes(chosen as IdentifierString)) throw solanaWalletError(4200, `this wallet does not serve ${chain ?? 'any Solana network'}`)
    return { address: own.address, chain: chosen }
  }
  const each =
    <I, O>(fn: (input: I) => Promise<O>) =>
    async (...inputs: readonly I[]) => {
      const outputs: O[] = []
      for (const input of inputs) outputs.push(await fn(input))
      return outputs
    }

  const wallet = {
    version: '1.0.0' as const,
    get name() {
      return link.name()
    },
    icon: link.icon,
    get chains() {
      return chains()
    },
    // Read fresh (the link's state may move before it calls refresh); the same objects while unchanged.
    get accounts() {
      return read()
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          await link.connect?.(input ?? {})
          refresh()
          return { accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          await link.disconnect?.()
          refresh()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: ChangeListener) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: each(async (input: { account: WalletAccount; message: Uint8Array }) => {
          const signature = await link.signMessage({ ...requestOf(input), message: input.message })
          return { signedMessage: input.message, signature, signatureType: 'ed25519' as const }
        }),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: VERSIONS,
        async signTransaction(...inputs: readonly (Input & { transaction: Uint8Array })[]) {
          const requests = inputs.map((input) => ({ ...requestOf(input), transaction: input.transaction }))
          return (await link.signTransactions(requests)).map((signedTransaction) => ({ signedTransaction }))
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: VERSIONS,
        signAndSendTransaction: each(async (input: Input & { transaction: Uint8Array; options?: SolanaSendOptions }) => {
          const signature = await link.signAndSendTransaction({ ...requestOf(input), transaction: input.transaction, options: input.options })
          return { signature }
        }),
      },
    },
    refresh,
  } satisfies Wallet & { refresh(): void }
  return wallet
}
