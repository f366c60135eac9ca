import {
  ConnectorNotFoundError,
  ProviderRequestError,
  Time,
  type AdapterBalance,
  type AdapterConnectResult,
  type AdapterEvents,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainAdapter,
  type Connector,
  type TransferParameters,
} from '@portico/core'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { discoverStandardWallets, type Discover } from './discovery.js'
import { toPorticoError } from './errors.js'
import {
  feature,
  type ConnectFeature,
  type DisconnectFeature,
  type EventsFeature,
  type SignAndSendTransactionFeature,
  type SignMessageFeature,
  type SignTransactionFeature,
} from './walletStandard.js'

export interface SolanaAdapterOptions {
  /** Where wallets come from; the page's Wallet Standard registry by default. */
  discover?: Discover
}

/**
 * The Solana chain adapter: Wallet Standard wallets (browser extensions, the embedded wallet, a
 * WalletConnect session's Solana side), @solana/kit for the chain, loaded on first use. The
 * connector id of a wallet is its name, which survives a reload.
 */
export class SolanaAdapter implements ChainAdapter {
  readonly namespace = 'solana' as const
  private networks: readonly CaipNetwork[] = []
  private events: AdapterEvents | undefined
  private wallets: Wallet[] = []
  private added: Connector[] = []
  private onConnectors: ((connectors: Connector[]) => void) | undefined
  private waiters = new Set<() => void>()
  private unwatchers = new Map<string, () => void>()
  private readonly discover: Discover

  constructor(options: SolanaAdapterOptions = {}) {
    this.discover = options.discover ?? discoverStandardWallets
  }

  setup({ networks, events }: { networks: readonly CaipNetwork[]; events: AdapterEvents }) {
    this.networks = networks.filter((n) => n.chainNamespace === 'solana')
    this.events = events
  }

  watchConnectors(onChange: (connectors: Connector[]) => void) {
    this.onConnectors = onChange
    const stop = this.discover((wallets) => {
      this.wallets = wallets
      for (const wake of this.waiters) wake()
      onChange(this.connectors())
    })
    return () => {
      this.onConnectors = undefined
      stop()
    }
  }

  /** A connector whose provider is a Wallet-Standard-shaped wallet from elsewhere (a WalletConnect session). */
  addConnector(connector: Connector) {
    const id = connector.id.toLowerCase()
    this.added = [...this.added.filter((c) => c.id.toLowerCase() !== id), connector]
    for (const wake of this.waiters) wake()
    this.onConnectors?.(this.connectors())
  }

  private connectors(): Connector[] {
    return [...this.wallets.map(toConnector), ...this.added]
  }

  async connect({ connectorId }: { connectorId: string }): Promise<AdapterConnectResult> {
    const wallet = this.walletOf(connectorId)
    const { accounts } = await call(() => feature<ConnectFeature>(wallet, 'standard:connect')!.connect())
    return this.connected(connectorId, wallet, accounts)
  }

  async reconnect({ connectorId, timeoutMs = Time.reconnectAnnounceWaitMs }: { connectorId: string; timeoutMs?: number }) {
    const wallet = await this.waitForWallet(connectorId, timeoutMs)
    if (!wallet) return null
    try {
      // Silent: never prompts; no accounts means the wallet no longer authorizes this page.
      const { accounts } = await feature<ConnectFeature>(wallet, 'standard:connect')!.connect({ silent: true })
      return solanaAccounts(accounts).length ? this.connected(connectorId, wallet, accounts) : null
    } catch {
      return null
    }
  }

  async disconnect({ connectorId }: { connectorId: string }) {
    this.unwatchers.get(connectorId)?.()
    this.unwatchers.delete(connectorId)
    const wallet = this.findWallet(connectorId)
    // Best effort: Portico forgets the connection either way.
    if (wallet) await feature<DisconnectFeature>(wallet, 'standard:disconnect')?.disconnect().catch(() => undefined)
  }

  /** Wallet Standard has no chain switch: each transaction names its chain. */
  async switchNetwork() {}

  async getBalance({ address, caipNetwork }: { address: string; caipNetwork: CaipNetwork }): Promise<AdapterBalance> {
    return (await import('./transfer.js')).getSolBalance(caipNetwork, address)
  }

  /** solana:signMessage over the UTF-8 text; the signature base58, as CAIP-122 sign-in expects. */
  async signMessage({ connectorId, address, message }: { connectorId: string; address: string; message: string }) {
    const wallet = this.walletOf(connectorId)
    const sign = feature<SignMessageFeature>(wallet, 'solana:signMessage')
    if (!sign) throw new ProviderRequestError({ details: `${wallet.name} cannot sign messages` })
    const [result] = await call(() => sign.signMessage({ account: this.accountOf(wallet, address), message: new TextEncoder().encode(message) }))
    return (await import('./transfer.js')).signatureToString(result!.signature)
  }

  async sendTransfer(parameters: TransferParameters) {
    const wallet = this.walletOf(parameters.connectorId)
    const { buildTransfer, sendWire, signatureToString } = await import('./transfer.js')
    const { wire } = await buildTransfer(parameters).catch((error: unknown) => {
      throw new ProviderRequestError({ cause: error, details: error instanceof Error ? error.message : String(error) })
    })
    const account = this.accountOf(wallet, parameters.from)
    const chain = this.chainFor(wallet, parameters.caipNetwork)
    const signAndSend = feature<SignAndSendTransactionFeature>(wallet, 'solana:signAndSendTransaction')
    if (signAndSend) {
      const [result] = await call(() => signAndSend.signAndSendTransaction({ account, transaction: wire, chain, options: { commitment: 'confirmed' } }))
      return { hash: signatureToString(result!.signature) }
    }
    const signOnly = feature<SignTransactionFeature>(wallet, 'solana:signTransaction')
    if (!signOnly) throw new ProviderRequestError({ details: `${wallet.name} cannot sign transactions` })
    const [signed] = await call(() => signOnly.signTransaction({ account, transaction: wire, chain }))
    return { hash: await sendWire(parameters.caipNetwork, signed!.signedTransaction) }
  }

  async estimateTransferFee(parameters: TransferParameters) {
    return (await import('./transfer.js')).estimateTransferFee(parameters)
  }

  async waitForTransaction(parameters: { hash: string; caipNetwork: CaipNetwork }) {
    return (await import('./transfer.js')).waitForTransaction(parameters)
  }

  /** The connection's Wallet Standard wallet, which `getProvider(portico, 'solana')` hands to hosts. */
  getProvider(connectorId: string): Wallet | undefined {
    return this.findWallet(connectorId)
  }

  private connected(connectorId: string, wallet: Wallet, accounts: readonly WalletAccount[]): AdapterConnectResult {
    const solana = solanaAccounts(accounts)
    if (solana.length === 0) throw new ProviderRequestError({ details: `${wallet.name} returned no Solana account` })
    this.watchWallet(connectorId, wallet)
    const network = this.networks.find((n) => wallet.chains.includes(n.caipNetworkId)) ?? this.networks[0]
    return {
      connectorId,
      accounts: solana.map((a) => ({ address: a.address, type: 'eoa' as const })),
      caipNetworkId: (network?.caipNetworkId ?? solana[0]!.chains.find((c) => c.startsWith('solana:'))) as CaipNetworkId,
    }
  }

  private watchWallet(connectorId: string, wallet: Wallet) {
    this.unwatchers.get(connectorId)?.()
    const off = feature<EventsFeature>(wallet, 'standard:events')?.on('change', ({ accounts }) => {
      if (!accounts) return
      const solana = solanaAccounts(accounts)
      if (solana.length === 0) this.events?.disconnected(connectorId)
      else this.events?.accountsChanged(connectorId, solana.map((a) => ({ address: a.address, type: 'eoa' })))
    })
    if (off) this.unwatchers.set(connectorId, off)
  }

  /** The chain id the wallet knows for a network: its CAIP-2 id when listed, else the wallet's own name for it. */
  private chainFor(wallet: Wallet, caipNetwork: CaipNetwork): string {
    if (wallet.chains.includes(caipNetwork.caipNetworkId)) return caipNetwork.caipNetworkId
    return wallet.chains.find((c) => c.startsWith('solana:')) ?? caipNetwork.caipNetworkId
  }

  private accountOf(wallet: Wallet, address: string): WalletAccount {
    const account = wallet.accounts.find((a) => a.address === address)
    if (!account) throw new ProviderRequestError({ details: `${wallet.name} has no connected account ${address}` })
    return account
  }

  private findWallet(connectorId: string): Wallet | undefined {
    const id = connectorId.toLowerCase()
    const added = this.added.find((c) => c.id.toLowerCase() === id)
    if (added) return added.provider as Wallet
    return this.wallets.find((w) => w.name.toLowerCase() === id)
  }

  private walletOf(connectorId: string): Wallet {
    const wallet = this.findWallet(connectorId)
    if (!wallet) throw new ConnectorNotFoundError(connectorId)
    return wallet
  }

  private waitForWallet(connectorId: string, timeoutMs: number): Promise<Wallet | undefined> {
    const found = this.findWallet(connectorId)
    if (found) return Promise.resolve(found)
    return new Promise((resolve) => {
      const done = (wallet: Wallet | undefined) => {
        clearTimeout(timer)
        this.waiters.delete(wake)
        resolve(wallet)
      }
      const wake = () => {
        const wallet = this.findWallet(connectorId)
        if (wallet) done(wallet)
      }
      const timer = setTimeout(() => done(undefined), timeoutMs)
      this.waiters.add(wake)
    })
  }
}

const solanaAccounts = (accounts: readonly WalletAccount[]) => accounts.filter((a) => a.chains.length === 0 || a.chains.some((c) => c.startsWith('solana:')))

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw toPorticoError(error)
  }
}

function toConnector(wallet: Wallet): Connector {
  return { id: wallet.name, name: wallet.name, type: 'ANNOUNCED', chain: 'solana', imageUrl: wallet.icon, info: { icon: wallet.icon }, provider: wallet }
}
