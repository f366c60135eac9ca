import { base58, base64 } from '@scure/base'
import { createSolanaWalletShell, solanaWalletError, type SolanaWalletLink } from '@portico/solana/walletShell'
import { registerWallet } from '@wallet-standard/wallet'
import * as v from 'valibot'
import type { EmbeddedFamily } from './family.js'

/**
 * Solana's link to the secure frame (families.ts): a Wallet Standard wallet, registered in the page
 * once, at the first sign-in (the Wallet Standard has no unregistering from the wallet's side);
 * signed out, it has no accounts and tells its dapps so ('change').
 */
export const solanaFamily: EmbeddedFamily = {
  namespace: 'solana',
  link({ user, chains, rpc, wallet }) {
    const solana = createEmbeddedSolanaWallet({ address: () => user()?.addresses?.solana, chains: () => chains, rpc }, wallet)
    let registered = false
    return {
      provider: chains.length > 0 ? solana : undefined,
      userChanged() {
        solana.refresh()
        if (registered || !user()?.addresses?.solana || chains.length === 0 || typeof window === 'undefined') return
        registered = true
        registerWallet(solana)
      },
    }
  },
}

/** What the Wallet Standard wallet needs of the frame client. */
export interface SolanaFrameLink {
  /** The signed-in user's Solana address; undefined while signed out. */
  address(): string | undefined
  /** The host's Solana networks (CAIP-2). */
  chains(): readonly string[]
  rpc(method: string, params: unknown, chainId: string): Promise<unknown>
}

const Base58 = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,100}$/))
const Base64 = v.pipe(v.string(), v.maxLength(4_000), v.regex(/^[A-Za-z0-9+/]+=*$/))

const answer = <T>(schema: v.GenericSchema<unknown, T>, value: unknown): T => {
  const parsed = v.safeParse(schema, value)
  if (!parsed.success) throw solanaWalletError(-32603, 'the secure frame answered in an unexpected shape')
  return parsed.output
}

/**
 * The embedded wallet's Solana account as a Wallet Standard wallet (the Solana package's shell):
 * registered in the host page once the user signed in (any Solana dapp using the Wallet Standard
 * sees it), and the provider of the Solana adapter's AUTH connector. This is the shell's link:
 * every signature is asked of the frame, which shows its own approval screen; keys never leave it.
 */
export function createEmbeddedSolanaWallet(frame: SolanaFrameLink, { name, icon }: { name: string; icon: `data:image/svg+xml;base64,${string}` }) {
  const link: SolanaWalletLink = {
    name: () => name,
    icon,
    chains: () => frame.chains(),
    accounts() {
      const address = frame.address()
      return address ? [{ address, publicKey: base58.decode(address), chains: frame.chains() }] : []
    },
    async connect({ silent }) {
      if (!frame.address() && !silent) throw solanaWalletError(4100, 'nobody is signed in with email or a social account in the site')
    },
    async signMessage({ address, message, chain }) {
      const result = await frame.rpc('solana_signMessage', [{ message: base58.encode(message), pubkey: address }], chain)
      return base58.decode(answer(v.object({ signature: Base58 }), result).signature)
    },
    async signTransactions(requests) {
      if (requests.length > 1) {
        const result = await frame.rpc('solana_signAllTransactions', [{ transactions: requests.map((r) => base64.encode(r.transaction)) }], requests[0]!.chain)
        return answer(v.object({ transactions: v.array(Base64) }), result).transactions.map((t) => base64.decode(t))
      }
      const [{ transaction, chain }] = requests as [(typeof requests)[number]]
      const result = await frame.rpc('solana_signTransaction', [{ transaction: base64.encode(transaction) }], chain)
      return [base64.decode(answer(v.object({ transaction: Base64 }), result).transaction)]
    },
    async signAndSendTransaction({ transaction, chain, options }) {
      const result = await frame.rpc('solana_signAndSendTransaction', [{ transaction: base64.encode(transaction), options }], chain)
      return base58.decode(answer(v.object({ signature: Base58 }), result).signature)
    },
  }
  return createSolanaWalletShell(link)
}
