import { base58, base64 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import * as v from 'valibot'

/** What the Wallet Standard wallet needs of the frame client. */
export interface SolanaFrameLink {
  /** The signed-in user's Solana address; undefined while signed out. */
  address(): string | undefined
  /** The host's Solana networks (CAIP-2). */
  chains(): readonly string[]
  rpc(method: string, params: unknown, chainId: string): Promise<unknown>
}

type ChangeListener = (properties: { accounts?: readonly WalletAccount[] }) => void

const SIGN_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const
const Base58 = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,100}$/))
const Base64 = v.pipe(v.string(), v.maxLength(4_000), v.regex(/^[A-Za-z0-9+/]+=*$/))

/** A Wallet-Standard-style error (code, message) that dapps and the Solana adapter map by code. */
const walletError = (code: number, message: string) => Object.assign(new Error(message), { code })

/**
 * The embedded wallet's Solana account as a Wallet Standard wallet: registered in the host page
 * once the user signed in (any Solana dapp using the Wallet Standard sees it), and the provider
 * of the Solana adapter's AUTH connector. Every signature is asked of the frame, which shows its
 * own approval screen; keys never leave it.
 */
export function createEmbeddedSolanaWallet(link: SolanaFrameLink, { name, icon }: { name: string; icon: `data:image/svg+xml;base64,${string}` }) {
  const listeners = new Set<ChangeListener>()
  let accounts: readonly WalletAccount[] = []
  const chains = () => [...link.chains()] as `${string}:${string}`[]
  const accountFor = (address: string): WalletAccount => ({
    address,
    publicKey: base58.decode(address),
    chains: chains(),
    features: [...SIGN_FEATURES],
  })
  const refresh = () => {
    const address = link.address()
    const next = address ? [accountFor(address)] : []
    if (next[0]?.address === accounts[0]?.address && next.length === accounts.length) return
    accounts = next
    for (const listener of [...listeners]) listener({ accounts })
  }
  const own = (account: WalletAccount) => {
    if (!accounts.some((a) => a.address === account.address)) throw walletError(4100, 'This account is not connected')
  }
  const chainOf = (chain: string | undefined) => {
    const configured = chains()
    const chosen = chain ?? configured[0]
    if (!chosen || !configured.includes(chosen as `${string}:${string}`))
      throw walletError(4200, `The embedded wallet does not serve ${chain ?? 'any Solana network'}`)
    return chosen
  }
  const answer = <T>(schema: v.GenericSchema<unknown, T>, value: unknown): T => {
    const parsed = v.safeParse(schema, value)
    if (!parsed.success) throw walletError(-32603, 'The secure frame answered in an unexpected shape')
    return parsed.output
  }

  const wallet: Wallet & { refresh(): void } = {
    version: '1.0.0',
    name,
    icon,
    get chains() {
      return chains()
    },
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          refresh()
          if (!accounts.length && !input?.silent) throw walletError(4100, 'Sign in with email or a social account in the site first')
          return { accounts }
        },
      },
      'standard:disconnect': { version: '1.0.0', async disconnect() {} },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: ChangeListener) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
          const outputs = []
          for (const { account, message } of inputs) {
            own(account)
            const result = await link.rpc('solana_signMessage', [{ message: base58.encode(message), pubkey: account.address }], chainOf(undefined))
            const { signature } = answer(v.object({ signature: Base58 }), result)
            outputs.push({ signedMessage: message, signature: base58.decode(signature) })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]) {
          if (inputs.length > 1) {
            inputs.forEach((i) => own(i.account))
            const result = await link.rpc(
              'solana_signAllTransactions',
              [{ transactions: inputs.map((i) => base64.encode(i.transaction)) }],
              chainOf(inputs[0]!.chain),
            )
            return answer(v.object({ transactions: v.array(Base64) }), result).transactions.map((t) => ({ signedTransaction: base64.decode(t) }))
          }
          const [{ account, transaction, chain }] = inputs as [{ account: WalletAccount; transaction: Uint8Array; chain?: string }]
          own(account)
          const result = await link.rpc('solana_signTransaction', [{ transaction: base64.encode(transaction) }], chainOf(chain))
          return [{ signedTransaction: base64.decode(answer(v.object({ transaction: Base64 }), result).transaction) }]
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string; options?: { commitment?: string } }[]) {
          const outputs = []
          for (const { account, transaction, chain, options } of inputs) {
            own(account)
            const result = await link.rpc('solana_signAndSendTransaction', [{ transaction: base64.encode(transaction), options }], chainOf(chain))
            outputs.push({ signature: base58.decode(answer(v.object({ signature: Base58 }), result).signature) })
          }
          return outputs
        },
      },
    },
    refresh,
  }
  return wallet
}
