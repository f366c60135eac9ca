import {
  BROWSER_WALLET_NAME,
  Time,
  type AdapterBalance,
  type AdapterConnectResult,
  type AdapterEvents,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainAdapter,
  type Connector,
  type RpcHost,
  type TransferParameters,
  ConnectorNotFoundError,
  ProviderRequestError,
} from '@portico/core'
import * as v from 'valibot'
import type { CoinbaseWallet } from './coinbase.js'
import { discoverAnnouncedWallets, discoverInjectedProvider, type Discover, type DiscoverInjected } from './discovery.js'
import { AccountsSchema, ChainIdSchema, SignatureSchema, TxHashSchema, type Eip1193Provider, type ProviderDetail, type TransactionQueue } from './schemas.js'

export interface EvmAdapterOptions {
  /** Where wallets come from; EIP-6963 announcements by default. */
  discover?: Discover
  /** The legacy `window.ethereum` provider, offered as 'Browser Wallet' when no announcement is it. */
  discoverInjected?: DiscoverInjected
  /**
   * The wallet of the page's host frame, asked only when the page is framed: a Safe{Wallet} app
   * frame's Safe through the Safe apps messaging (loaded on demand) by default.
   */
  detectFramed?: () => Promise<Eip1193Provider | undefined>
  /** Coinbase Wallet (`coinbaseWallet()`): its extension, else the Smart Wallet through its SDK, loaded on click. */
  coinbaseWallet?: CoinbaseWallet
}

/** The connector id of the legacy injected provider (stable across reloads, like an rdns). */
export const INJECTED_CONNECTOR_ID = 'injected'
/** The connector id of a Safe{Wallet} app frame's Safe. */
export const SAFE_CONNECTOR_ID = 'safe'

/**
 * The EVM chain adapter: EIP-6963 wallets over EIP-1193. The connector id of an announced
 * wallet is its rdns, which (unlike the announcement's uuid) survives a reload. A wallet that only
 * sets `window.ethereum` is the INJECTED connector 'Browser Wallet' (id 'injected'); with the
 * host's enableEIP6963 off, it is the only one.
 */
export class EvmAdapter implements ChainAdapter {
  readonly namespace = 'eip155' as const
  private networks: readonly CaipNetwork[] = []
  private events: AdapterEvents | undefined
  private details: ProviderDetail[] = []
  /** Connectors whose provider comes from elsewhere (a WalletConnect session, the embedded wallet). */
  private added: Connector[] = []
  private onConnectors: ((connectors: Connector[]) => void) | undefined
  private waiters = new Set<() => void>()
  private unwatchers = new Map<string, () => void>()
  /** Transactions a wallet queued (a multi-signer Safe), by the id it answered. */
  private queues = new Map<string, TransactionQueue>()
  private readonly discover: Discover
  private readonly discoverInjected: DiscoverInjected
  private injected: Eip1193Provider | undefined
  private eip6963 = true
  private rpcHost: RpcHost | undefined
  private readonly detectFramed: () => Promise<Eip1193Provider | undefined>
  /** Asked once per page, however often core initializes (React StrictMode does twice). */
  private framed: Promise<Eip1193Provider | undefined> | undefined
  private readonly coinbase: CoinbaseWallet | undefined

  constructor(options: EvmAdapterOptions = {}) {
    this.discover = options.discover ?? discoverAnnouncedWallets
    this.discoverInjected = options.discoverInjected ?? discoverInjectedProvider
    this.coinbase = options.coinbaseWallet
    // Only a framed page loads the Safe apps messaging.
    this.detectFramed =
      options.detectFramed ?? (async () => (typeof window !== 'undefined' && window.parent !== window ? (await import('./safe.js')).detectSafe() : undefined))
  }

  setup({
    networks,
    events,
    enableEIP6963 = true,
    rpcHost,
  }: {
    networks: readonly CaipNetwork[]
    events: AdapterEvents
    enableEIP6963?: boolean
    rpcHost?: RpcHost
  }) {
    this.networks = networks
    this.events = events
    this.eip6963 = enableEIP6963
    this.rpcHost = rpcHost
  }

  watchConnectors(onChange: (connectors: Connector[]) => void) {
    this.onConnectors = onChange
    // Both sources report at once on subscribing; the first list goes out once, after both.
    let started = false
    const changed = () => {
      if (!started) return
      for (const wake of this.waiters) wake()
      onChange(this.connectors())
    }
    const stops = [
      this.discoverInjected((provider) => {
        this.injected = provider
        changed()
      }),
    ]
    // SPEC §3 option enableEIP6963: off, announced wallets are not listened for.
    if (this.eip6963)
      stops.push(
        this.discover((details) => {
          this.details = details
          changed()
        }),
      )
    started = true
    changed()
    return () => {
      this.onConnectors = undefined
      for (const stop of stops) stop()
    }
  }

  /** A connector whose EIP-1193 provider comes from elsewhere; it replaces one with the same id. */
  addConnector(connector: Connector) {
    const id = connector.id.toLowerCase()
    this.added = [...this.added.filter((c) => c.id.toLowerCase() !== id), connector]
    for (const wake of this.waiters) wake()
    this.onConnectors?.(this.connectors())
  }

  private connectors(): Connector[] {
    return [
      ...this.details.map(toConnector),
      ...(this.legacyInjected() ? [injectedConnector(this.legacyInjected()!)] : []),
      ...(this.coinbase?.connectors(this.details, this.injected) ?? []),
      ...this.added,
    ]
  }

  /** `window.ethereum` when no announced wallet (nor the Coinbase entry) is that same provider (else it is listed under its own name). */
  private legacyInjected(): Eip1193Provider | undefined {
    const provider = this.injected
    return provider && !this.details.some((d) => d.provider === provider) && provider !== this.coinbase?.legacyExtension(provider) ? provider : undefined
  }

  async connect({ connectorId, caipNetwork }: { connectorId: string; caipNetwork?: CaipNetwork }): Promise<AdapterConnectResult> {
    // The Coinbase entry without an extension is the Smart Wallet: its SDK loads now, on the click.
    const provider =
      this.findDetail(connectorId)?.provider ?? (await this.coinbase?.smartWallet(connectorId, caipNetwork, this.networks)) ?? this.providerOf(connectorId)
    const accounts = await this.request(provider, 'eth_requestAccounts', undefined, AccountsSchema)
    if (accounts.length === 0) throw new ProviderRequestError({ details: 'The wallet returned no accounts' })
    return this.connected(connectorId, provider, accounts)
  }

  /**
   * A Safe{Wallet} app frame's Safe: a connector like the others once the parent says it is a Safe,
   * connected without asking (the Safe authorized the page by opening it); null when not framed by one.
   */
  async autoConnect(): Promise<AdapterConnectResult | null> {
    this.framed ??= this.detectFramed().catch(() => undefined)
    const provider = await this.framed
    if (!provider) return null
    this.addConnector({ id: SAFE_CONNECTOR_ID, name: 'Safe', type: 'EXTERNAL', chain: 'eip155', info: {}, provider })
    return this.connect({ connectorId: SAFE_CONNECTOR_ID })
  }

  async reconnect({ connectorId, timeoutMs = Time.reconnectAnnounceWaitMs }: { connectorId: string; timeoutMs?: number }) {
    // A Smart Wallet session the SDK kept resumes without its popup; anything else waits for its wallet.
    const detail = (await this.coinbase?.resume(connectorId, this.networks)) ?? (await this.waitForDetail(connectorId, timeoutMs))
    if (!detail) return null
    // eth_accounts never prompts: an empty list means the wallet no longer authorizes this page.
    const accounts = await this.request(detail.provider, 'eth_accounts', undefined, AccountsSchema)
    if (accounts.length === 0) return null
    return this.connected(connectorId, detail.provider, accounts)
  }

  async disconnect({ connectorId }: { connectorId: string }) {
    this.unwatchers.get(connectorId)?.()
    this.unwatchers.delete(connectorId)
    const detail = this.findDetail(connectorId)
    if (await this.coinbase?.disconnect(detail?.provider)) return
    // Best effort: not every wallet supports revoking; Portico forgets the connection either way.
    await detail?.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }).catch(() => undefined)
  }

  async switchNetwork({ connectorId, caipNetwork }: { connectorId: string; caipNetwork: CaipNetwork }) {
    const provider = this.providerOf(connectorId)
    await (await import('./switchChain.js')).switchChain((method, params) => this.request(provider, method, params), caipNetwork)
  }

  async getBalance({ address, caipNetwork }: { address: string; caipNetwork: CaipNetwork }): Promise<AdapterBalance> {
    // viem loads on demand so that a host page's first load stays small.
    const [{ createClient }, { getBalance }, transport] = await Promise.all([
      import('viem'),
      import('viem/actions'),
      import('./transport.js').then((m) => m.chainTransport(caipNetwork, this.rpcHost)),
    ])
    const client = createClient({ transport })
    const value = await getBalance(client, { address: address as `0x${string}` })
    return { value: value.toString(), decimals: caipNetwork.nativeCurrency.decimals, symbol: caipNetwork.nativeCurrency.symbol }
  }

  async sendTransfer(parameters: TransferParameters) {
    const provider = this.providerOf(parameters.connectorId)
    await this.ensureChain(provider, parameters.caipNetwork)
    const { buildTransferRequest } = await import('./transfer.js')
    const request = await buildTransferRequest(parameters)
    const hash = await this.request(provider, 'eth_sendTransaction', [request], TxHashSchema)
    return this.queuedOrSent(provider, hash)
  }

  /** A prepared contract call (a swap or its approval) through eth_sendTransaction, on the right chain. */
  async sendTransaction(parameters: {
    connectorId: string
    caipNetwork: CaipNetwork
    from: string
    to: string
    data: `0x${string}`
    value: bigint
    gas?: bigint
  }) {
    const provider = this.providerOf(parameters.connectorId)
    await this.ensureChain(provider, parameters.caipNetwork)
    const request = (await import('./transfer.js')).buildCallRequest(parameters)
    const hash = await this.request(provider, 'eth_sendTransaction', [request], TxHashSchema)
    return this.queuedOrSent(provider, hash)
  }

  /** A multi-signer Safe queued it: its id, followed by waitForTransaction until it is executed. */
  private queuedOrSent(provider: Eip1193Provider, hash: string): { hash: string; queued?: true } {
    if (!provider.transactionQueue?.isQueued(hash)) return { hash }
    this.queues.set(hash, provider.transactionQueue)
    return { hash, queued: true }
  }

  /** EIP-191 personal_sign: the message as hex, then the address. */
  async signMessage({ connectorId, address, message }: { connectorId: string; address: string; message: string }) {
    const provider = this.providerOf(connectorId)
    const hex = `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`
    return this.request(provider, 'personal_sign', [hex, address], SignatureSchema)
  }

  // Sending code (and viem) loads on demand: a host page that never sends pays nothing for it.
  async estimateTransferFee(parameters: TransferParameters) {
    return (await import('./transfer.js')).estimateTransferFee({ ...parameters, rpcHost: this.rpcHost })
  }

  async waitForTransaction({ queuedBy, ...parameters }: { hash: string; caipNetwork: CaipNetwork; queuedBy?: string }) {
    // After a reload the queue is known only by the connector that queued it.
    const queue = this.queues.get(parameters.hash) ?? (queuedBy ? this.providerOf(queuedBy).transactionQueue : undefined)
    return (await import('./transfer.js')).waitForTransaction({ ...parameters, rpcHost: this.rpcHost, ...(queue ? { queue } : {}) })
  }

  async resolveName(parameters: { name: string; caipNetwork: CaipNetwork }) {
    return (await import('./transfer.js')).resolveEnsName({ ...parameters, rpcHost: this.rpcHost })
  }

  /** A wallet may have moved to another chain on its own; never send on the wrong one. */
  private async ensureChain(provider: Eip1193Provider, caipNetwork: CaipNetwork) {
    const chainId = await this.request(provider, 'eth_chainId', undefined, ChainIdSchema)
    ;(await import('./transfer.js')).assertChain(chainId, caipNetwork)
  }

  /** The EIP-1193 provider of a connector, for features that talk to the wallet (send, sign). */
  getProvider(connectorId: string): Eip1193Provider | undefined {
    return this.findDetail(connectorId)?.provider
  }

  private async connected(connectorId: string, provider: Eip1193Provider, accounts: string[]): Promise<AdapterConnectResult> {
    const chainId = await this.request(provider, 'eth_chainId', undefined, ChainIdSchema)
    this.watchProvider(connectorId, provider)
    return {
      connectorId,
      accounts: accounts.map((address) => ({ address, type: 'eoa' as const })),
      caipNetworkId: `eip155:${Number.parseInt(chainId, 16)}` as CaipNetworkId,
    }
  }

  private watchProvider(connectorId: string, provider: Eip1193Provider) {
    this.unwatchers.get(connectorId)?.()
    const onAccounts = (accounts: unknown) => {
      const parsed = v.safeParse(AccountsSchema, accounts)
      if (!parsed.success) return
      this.events?.accountsChanged(
        connectorId,
        parsed.output.map((address) => ({ address, type: 'eoa' })),
      )
    }
    const onChain = (chainId: unknown) => {
      const parsed = v.safeParse(ChainIdSchema, chainId)
      if (parsed.success) this.events?.chainChanged(connectorId, `eip155:${Number.parseInt(parsed.output, 16)}`)
    }
    const onDisconnect = () => this.events?.disconnected(connectorId)
    provider.on?.('accountsChanged', onAccounts)
    provider.on?.('chainChanged', onChain)
    provider.on?.('disconnect', onDisconnect)
    this.unwatchers.set(connectorId, () => {
      provider.removeListener?.('accountsChanged', onAccounts)
      provider.removeListener?.('chainChanged', onChain)
      provider.removeListener?.('disconnect', onDisconnect)
    })
  }

  private async request<T = unknown>(provider: Eip1193Provider, method: string, params?: unknown, schema?: v.GenericSchema<unknown, T>): Promise<T> {
    let result: unknown
    try {
      result = await provider.request(params === undefined ? { method } : { method, params })
    } catch (error) {
      // The error mapping (and SPEC §8's alert texts) loads with the first failed request.
      throw (await import('./errors.js')).toPorticoError(error)
    }
    if (!schema) return result as T
    const parsed = v.safeParse(schema, result)
    if (!parsed.success) throw new ProviderRequestError({ details: `Invalid reply to ${method}: ${parsed.issues[0]?.message}` })
    return parsed.output
  }

  private findDetail(connectorId: string): { provider: Eip1193Provider } | undefined {
    const id = connectorId.toLowerCase()
    const added = this.added.find((c) => c.id.toLowerCase() === id)
    if (added) return { provider: added.provider as Eip1193Provider }
    const injected = id === INJECTED_CONNECTOR_ID ? this.legacyInjected() : undefined
    if (injected) return { provider: injected }
    return this.details.find((d) => d.info.rdns.toLowerCase() === id || d.info.uuid === connectorId) ?? this.coinbase?.detail(id, this.injected)
  }

  private providerOf(connectorId: string) {
    const detail = this.findDetail(connectorId)
    if (!detail) throw new ConnectorNotFoundError(connectorId)
    return detail.provider
  }

  private waitForDetail(connectorId: string, timeoutMs: number): Promise<{ provider: Eip1193Provider } | undefined> {
    const found = this.findDetail(connectorId)
    if (found) return Promise.resolve(found)
    return new Promise((resolve) => {
      const done = (detail: { provider: Eip1193Provider } | undefined) => {
        clearTimeout(timer)
        this.waiters.delete(wake)
        resolve(detail)
      }
      const wake = () => {
        const detail = this.findDetail(connectorId)
        if (detail) done(detail)
      }
      const timer = setTimeout(() => done(undefined), timeoutMs)
      this.waiters.add(wake)
    })
  }
}

function toConnector({ info, provider }: ProviderDetail): Connector {
  return {
    id: info.rdns,
    name: info.name,
    type: 'ANNOUNCED',
    chain: 'eip155',
    imageUrl: info.icon,
    info: { rdns: info.rdns, icon: info.icon },
    provider,
  }
}

function injectedConnector(provider: Eip1193Provider): Connector {
  // No rdns: SPEC §5 keys the 'Browser Wallet' rules on its name and the absence of an rdns.
  return { id: INJECTED_CONNECTOR_ID, name: BROWSER_WALLET_NAME, type: 'INJECTED', chain: 'eip155', info: {}, provider }
}
