/**
 * Test helpers (not shipped): the local Solana chain, the Portico Solana Test Wallet over its dev
 * keys, and an adapter set up on the chain's network, as core would set it up.
 */
import { defineNetwork, type AdapterEvents, type CaipNetwork } from '@portico/core'
import { SOLANA_DEVNET_CAIP2 } from '@portico/devnet/solana-constants'
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { createSolanaTestWallet } from '@portico/test-wallets/solana'
import { address, createSolanaRpc, type Signature } from '@solana/kit'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, beforeAll, beforeEach, vi } from 'vitest'
import { SolanaAdapter, type SolanaAdapterOptions } from '../SolanaAdapter.js'

/** Starts the local chain for the file's tests; `window` is an EventTarget (enough for Wallet Standard) in node. */
export function useDevnet() {
  const ref = { devnet: undefined as unknown as SolanaDevnet }
  beforeAll(async () => {
    ref.devnet = await startSolanaDevnet({ randomPorts: true })
  }, 60_000)
  afterAll(() => ref.devnet?.stop())
  beforeEach(() => {
    vi.stubGlobal('window', new EventTarget())
    return () => vi.unstubAllGlobals()
  })
  return ref
}

/** A Solana network on the local chain's RPC (CAIP-2 id of the local chain unless another reference is given). */
export const localNetwork = (rpcUrl: string, reference = SOLANA_DEVNET_CAIP2.slice('solana:'.length), name = 'Solana Local'): CaipNetwork =>
  defineNetwork({
    id: reference,
    chainNamespace: 'solana',
    name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })

export function setup(
  devnet: SolanaDevnet,
  walletOptions: Parameters<typeof createSolanaTestWallet>[0] = {},
  { wallet: wrap = (w) => w, networks, ...adapterOptions }: SolanaAdapterOptions & { wallet?: (w: Wallet) => Wallet; networks?: CaipNetwork[] } = {},
) {
  const handle = createSolanaTestWallet({ rpcUrl: devnet.rpcUrl, autoApprove: true, ...walletOptions })
  const wallet = wrap(handle.wallet as Wallet)
  const events = { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnected: vi.fn() } satisfies AdapterEvents
  const adapter = new SolanaAdapter({ discover: (onChange) => (onChange([wallet]), () => {}), ...adapterOptions })
  const caipNetwork = localNetwork(devnet.rpcUrl)
  adapter.setup({ networks: networks ?? [caipNetwork], events })
  const connectors = vi.fn()
  adapter.watchConnectors(connectors)
  return { adapter, handle, wallet, events, connectors, caipNetwork, connectorId: wallet.name }
}

/** Chain reads for the checks: lamports, a token balance, the fee a transaction was charged. */
export function chainReads(devnet: SolanaDevnet) {
  const rpc = () => createSolanaRpc(devnet.rpcUrl)
  return {
    lamports: async (owner: string) => (await rpc().getBalance(address(owner), { commitment: 'confirmed' }).send()).value,
    tokenBalance: async (owner: string, mint: string) => {
      const { value } = await rpc()
        .getTokenAccountsByOwner(address(owner), { mint: address(mint) }, { encoding: 'jsonParsed' })
        .send()
      const info = (value[0]?.account.data as { parsed?: { info?: { tokenAmount?: { amount: string } } } } | undefined)?.parsed?.info
      return BigInt(info?.tokenAmount?.amount ?? 0)
    },
    feeOf: async (hash: string) => {
      const tx = await rpc()
        .getTransaction(hash as Signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
        .send()
      return BigInt(tx!.meta!.fee)
    },
  }
}

/** The wallet without one of its features (a wallet that only signs, say), the same accounts. */
export function withoutFeature(wallet: Wallet, name: string): Wallet {
  const features = { ...wallet.features }
  delete (features as Record<string, unknown>)[name]
  return {
    version: wallet.version,
    name: `${wallet.name} (without ${name})`,
    icon: wallet.icon,
    chains: wallet.chains,
    features,
    get accounts() {
      return wallet.accounts
    },
  }
}
