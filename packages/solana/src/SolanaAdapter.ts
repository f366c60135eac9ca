import {
  ConnectorNotFoundError,
  ProviderRequestError,
  Time,
  UnsupportedMethodError,
  type AdapterBalance,
  type AdapterConnectResult,
  type AdapterEvents,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainAdapter,
  type Connector,
  type TransferParameters,
} from '@portico/core'
import type { SolanaCommitment } from '@portico/core/spec'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import * as v from 'valibot'
import { pickNetwork, walletChainFor } from './chains.js'
import { toRpcCommitment, type RpcCommitment } from './commitment.js'
import { discoverStandardWallets, type Discover } from './discovery.js'
import { toPorticoError } from './errors.js'
import { ConnectOutputSchema, SignAndSendOutputSchema, SignMessageOutputSchema, SignTransactionOutputSchema, WalletAccountSchema } from './schemas.js'
import {
  feature,
  type ConnectFeature,
  type DisconnectFeature,
  type EventsFeature,
  type SignAndSendTransactionFeature,
  type SignMessageFeature,
  type SignTransactionFeature,
} from './walletStandard.js'

/** How long a silent reconnect waits for the wallet's answer (an extension waking up may take a second). */
const SILENT_CONNECT_TIMEOUT_MS = 5_000

export interface SolanaAdapterOptions {
  /** Where wallets come from; the page's Wallet Standard registry by default. */
  discover?: Discover
  /**
   * The commitment balances are read at and sends are confirmed at (SPEC §5's values; the old
   * names count as the level they became). Default 'confirmed'.
   */
  commitment?: SolanaCommitment
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
  private readonly commitment: RpcCommitment

  constructor(options: SolanaAdapterOptions = {}) {
    this.discover = options.discover ?? discoverStandardWallets
    this.commitment = toRpcCommitment(options.commitment)
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

  async connect({ connectorId, caipNetwork }: { connectorId: string; caipNetwork?: CaipNetwork }): Promise<AdapterConnectResult> {
    const wallet = this.walletOf(connectorId)
    const output = await call(() => feature<ConnectFeature>(wallet, 'standard:connect')!.connect())
    return this.connected(connectorId, wallet, accountsOf(output), caipNetwork)
  }

  /**
   * Waits up to `timeoutMs` for the wallet to register (as EVM waits for an announcement), then asks
   * it silently; a wallet that does not answer within SILENT_CONNECT_TIMEOUT_MS counts as gone.
   */
  async reconnect({ connectorId, timeoutMs = Time.reconnectAnnounceWaitMs }: { connectorId: string; timeoutMs?: number }) {
    const wallet = await this.waitForWallet(connectorId, timeoutMs)
    if (!wallet) return null
    let timer: ReturnType<typeof setTimeout> | undefined
    let late = false
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => ((late = true), resolve(null)), SILENT_CONNECT_TIMEOUT_MS)))
    // Silent: never prompts; no accounts means the wallet no longer authorizes this page.
    const silent = feature<ConnectFeature>(wallet, 'standard:connect')!
      .connect({ silent: true })
      .then((output) => {
        const accounts = accountsOf(output)
        return accounts.length && !late ? this.connected(connectorId, wallet, accounts) : null
      })
      .catch(() => null)
    return Promise.race([silent, timeout]).finally(() => clearTimeout(timer))
  }

  async disconnect({ connectorId }: { connectorId: string }) {
    this.unwatchers.get(connectorId)?.()
    this.unwatchers.delete(connectorId)
    const wallet = this.findWallet(connectorId)
    // Best effort: Portico forgets the connection either way.
    if (wallet)
      await feature<DisconnectFeature>(wallet, 'standard:disconnect')
        ?.disconnect()
        .catch(() => undefined)
  }

  /** Wallet Standard has no chain switch: each transaction names its chain. */
  async switchNetwork() {}

  async getBalance({ address, caipNetwork }: { address: string; caipNetwork: CaipNetwork }): Promise<AdapterBalance> {
    return (await import('./transfer.js')).getSolBalance(this.context(caipNetwork), address)
  }

  /** solana:signMessage over the UTF-8 text; the signature base58, as CAIP-122 sign-in expects. */
  async signMessage({ connectorId, address, message }: { connectorId: string; address: string; message: string }) {
    const wallet = this.walletOf(connectorId)
    const sign = feature<SignMessageFeature>(wallet, 'solana:signMessage')
    if (!sign) throw new UnsupportedMethodError({ details: `${wallet.name} cannot sign messages` })
    const [result] = await call(() => sign.signMessage({ account: this.accountOf(wallet, address), message: new TextEncoder().encode(message) }))
    const { signature } = parse(SignMessageOutputSchema, result, wallet)
    return (await import('./transfer.js')).signatureToString(signature)
  }

  async sendTransfer(parameters: TransferParameters) {
    const wallet = this.walletOf(parameters.connectorId)
    const account = this.accountOf(wallet, parameters.from)
    const context = this.context(parameters.caipNetwork)
    const { prepareTransfer, sendWire, signatureToString } = await import('./transfer.js')
    const { wire } = await prepareTransfer(context, parameters)
    const chain = this.chainFor(wallet, parameters.caipNetwork)
    const signAndSend = feature<SignAndSendTransactionFeature>(wallet, 'solana:signAndSendTransaction')
    if (signAndSend) {
      const [result] = await call(() => signAndSend.signAndSendTransaction({ account, transaction: wire, chain, options: { commitment: this.commitment } }))
      return { hash: signatureToString(parse(SignAndSendOutputSchema, result, wallet).signature) }
    }
    const signOnly = feature<SignTransactionFeature>(wallet, 'solana:signTransaction')
    if (!signOnly) throw new UnsupportedMethodError({ details: `${wallet.name} cannot sign transactions` })
    const [signed] = await call(() => signOnly.signTransaction({ account, transaction: wire, chain }))
    return { hash: await sendWire(context, parse(SignTransactionOutputSchema, signed, wallet).signedTransaction) }
  }

  /** The network fee, plus the rent of the receiver's token account when the send creates it (see README). */
  async estimateTransferFee(parameters: TransferParameters) {
    return (await import('./transfer.js')).estimateTransferFee(this.context(parameters.caipNetwork), parameters)
  }

  /** Resolves once the transaction reaches the configured commitment ('confirmed' by default). */
  async waitForTransaction({ hash, caipNetwork }: { hash: string; caipNetwork: CaipNetwork }) {
    return (await import('./transfer.js')).waitForTransaction(this.context(caipNetwork), hash)
  }

  /** The connection's Wallet Standard wallet, which `getProvider(portico, 'solana')` hands to hosts. */
  getProvider(connectorId: string): Wallet | undefined {
    return this.findWallet(connectorId)
  }

  private context(caipNetwork: CaipNetwork) {
    return { caipNetwork, commitment: this.commitment }
  }

  private connected(connectorId: string, wallet: Wallet, accounts: readonly WalletAccount[], wanted?: CaipNetwork): AdapterConnectResult {
    if (accounts.length === 0) throw new ProviderRequestError({ details: `${wallet.name} returned no Solana account` })
    this.watchWallet(connectorId, wallet)
    const network = pickNetwork(wallet, this.networks, wanted)
    return {
      connectorId,
      accounts: accounts.map((a) => ({ address: a.address, type: 'eoa' as const })),
      caipNetworkId: (network?.caipNetworkId ?? accounts[0]!.chains.find((c) => c.startsWith('solana:'))) as CaipNetworkId,
    }
  }

  private watchWallet(connectorId: string, wallet: Wallet) {
    this.unwatchers.get(connectorId)?.()
    const off = feature<EventsFeature>(wallet, 'standard:events')?.on('change', ({ accounts }) => {
      if (!accounts) return
      const solana = solanaAccounts(accounts)
      if (solana.length === 0) this.events?.disconnected(connectorId)
      else
        this.events?.accountsChanged(
          connectorId,
          solana.map((a) => ({ address: a.address, type: 'eoa' })),
        )
    })
    if (off) this.unwatchers.set(connectorId, off)
  }

  /** The chain id the wallet knows for a network: its CAIP-2 id, or the older name for it, else the CAIP-2 id. */
  private chainFor(wallet: Wallet, caipNetwork: CaipNetwork): string {
    return walletChainFor(wallet, caipNetwork.caipNetworkId) ?? caipNetwork.caipNetworkId
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

/** The well-formed accounts of a Solana chain (or of no stated chain); the wallet's own objects, which it expects back. */
const solanaAccounts = (accounts: readonly unknown[]) =>
  accounts.filter((a): a is WalletAccount => v.is(WalletAccountSchema, a) && (a.chains.length === 0 || a.chains.some((c) => c.startsWith('solana:'))))

const accountsOf = (output: unknown) => solanaAccounts(v.is(ConnectOutputSchema, output) ? output.accounts : [])

function parse<T extends v.GenericSchema>(schema: T, value: unknown, wallet: Wallet): v.InferOutput<T> {
  const parsed = v.safeParse(schema, value)
  if (!parsed.success) throw new ProviderRequestError({ details: `${wallet.name} replied with ${parsed.issues[0]?.message}` })
  return parsed.output
}

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
