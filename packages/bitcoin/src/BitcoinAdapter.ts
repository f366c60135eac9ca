import {
  ConnectorNotFoundError,
  ProviderRequestError,
  SwitchNetworkError,
  Time,
  UnsupportedMethodError,
  type AdapterAccount,
  type AdapterBalance,
  type AdapterConnectResult,
  type AdapterEvents,
  type AdapterFeeRates,
  type BitcoinAccountAddress,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainAdapter,
  type Connector,
  type PorticoBitcoinProvider,
  type RpcHost,
  type TransferParameters,
} from '@portico/core'
import { isBip122Address } from '@portico/core/spec'
import * as v from 'valibot'
import { intentionOf } from './address.js'
import { discoverBitcoinWallets, type Discover } from './discovery.js'
import type { BitcoinWallet } from './drivers/provider.js'
import { codeOf, InvalidWalletReplyError, toPorticoError } from './errors.js'
import type { EsploraContext } from './esplora.js'
import { AccountAddressesSchema, SendTransferResultSchema, SignMessageResultSchema, SignPsbtResultSchema } from './schemas.js'

/** How long a silent reconnect waits for the wallet's answer. */
const SILENT_CONNECT_TIMEOUT_MS = 5_000

export interface BitcoinAdapterOptions {
  /** Where wallets come from; the page's Wallet Standard registry and injected Bitcoin APIs by default. */
  discover?: Discover
  /** The fetch used for Esplora (tests, or a host's own); the global one by default. */
  fetch?: typeof fetch
  /** How often waitForTransaction asks for the transaction's status; 2 s by default. */
  pollIntervalMs?: number
}

/**
 * The Bitcoin chain adapter (bip122): every wallet (Wallet Standard, sats-connect, Leather, OKX,
 * WalletConnect, the embedded wallet) driven through one PorticoBitcoinProvider; Esplora for the
 * chain; PSBTs built with @scure/btc-signer, loaded on the first send. The connector id of a
 * wallet is its name, which survives a reload and merges with the wallet's EVM and Solana entries.
 */
export class BitcoinAdapter implements ChainAdapter {
  readonly namespace = 'bip122' as const
  private networks: readonly CaipNetwork[] = []
  private events: AdapterEvents | undefined
  private rpcHost: RpcHost | undefined
  private wallets: BitcoinWallet[] = []
  private added: Connector[] = []
  private onConnectors: ((connectors: Connector[]) => void) | undefined
  private waiters = new Set<() => void>()
  private unwatchers = new Map<string, () => void>()
  private addresses = new Map<string, BitcoinAccountAddress[]>()
  private readonly discover: Discover
  private readonly fetch: typeof fetch | undefined
  private readonly pollIntervalMs: number

  constructor(options: BitcoinAdapterOptions = {}) {
    this.discover = options.discover ?? discoverBitcoinWallets
    this.fetch = options.fetch
    this.pollIntervalMs = options.pollIntervalMs ?? 2_000
  }

  setup({ networks, events, rpcHost }: { networks: readonly CaipNetwork[]; events: AdapterEvents; rpcHost?: RpcHost }) {
    this.networks = networks.filter((n) => n.chainNamespace === 'bip122')
    this.events = events
    this.rpcHost = rpcHost
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

  /** A connector whose provider already is a PorticoBitcoinProvider (a WalletConnect session's, the embedded wallet's). */
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
    const provider = this.providerOf(connectorId)
    const reply = await call(() => provider.request({ method: 'getAccountAddresses', params: { intentions: ['payment', 'ordinal'] } }))
    return this.connected(connectorId, provider, parseAddresses(reply, connectorId), caipNetwork)
  }

  /** Restores without a prompt where the wallet can (its authorized accounts), else asks it within SILENT_CONNECT_TIMEOUT_MS. */
  async reconnect({ connectorId, timeoutMs = Time.reconnectAnnounceWaitMs }: { connectorId: string; timeoutMs?: number }) {
    const found = await this.waitFor(connectorId, timeoutMs)
    if (!found) return null
    const { provider, restore } = found
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SILENT_CONNECT_TIMEOUT_MS)))
    const read = (restore ? restore() : provider.request({ method: 'getAccountAddresses', params: { intentions: ['payment', 'ordinal'] } }))
      .then((reply) => {
        const addresses = v.is(AccountAddressesSchema, reply) ? reply : []
        return addresses.length ? this.connected(connectorId, provider, addresses) : null
      })
      .catch(() => null)
    return Promise.race([read, timeout]).finally(() => clearTimeout(timer))
  }

  async disconnect({ connectorId }: { connectorId: string }) {
    this.unwatchers.get(connectorId)?.()
    this.unwatchers.delete(connectorId)
    this.addresses.delete(connectorId)
  }

  /** Bitcoin wallets have no network switch: a network the wallet's addresses do not belong to cannot be used. */
  async switchNetwork({ connectorId, caipNetwork }: { connectorId: string; caipNetwork: CaipNetwork }) {
    const payment = this.paymentOf(connectorId)
    if (payment && !isBip122Address(payment.address, caipNetwork.caipNetworkId))
      throw new SwitchNetworkError({ details: `the wallet's addresses are not on ${caipNetwork.name}` })
  }

  async getBalance({ address, caipNetwork }: { address: string; caipNetwork: CaipNetwork }): Promise<AdapterBalance> {
    const sats = await (await esplora()).getAddressBalance(this.context(caipNetwork), address)
    return { value: sats.toString(), decimals: caipNetwork.nativeCurrency.decimals, symbol: caipNetwork.nativeCurrency.symbol }
  }

  async getFeeRates({ caipNetwork }: { caipNetwork: CaipNetwork }): Promise<AdapterFeeRates> {
    return (await esplora()).getFeeRates(this.context(caipNetwork))
  }

  /** BIP-322 where the wallet can, else the legacy ECDSA "Bitcoin Signed Message"; the signature in base64. */
  async signMessage({ connectorId, address, message }: { connectorId: string; address: string; message: string }) {
    const provider = this.providerOf(connectorId)
    const sign = (protocol: 'bip322' | 'ecdsa') => provider.request({ method: 'signMessage', params: { address, message, protocol } })
    const reply = await call(() =>
      sign('bip322').catch((error: unknown) => {
        const code = codeOf(error)
        if (code === 4200 || code === -32602) return sign('ecdsa')
        throw error
      }),
    )
    return parse(SignMessageResultSchema, reply, connectorId).signature
  }

  /**
   * Builds a PSBT from the payment address's coins, has the wallet sign it and broadcasts it (or lets
   * the wallet broadcast); a wallet that only sends payments itself gets the payment to send.
   */
  async sendTransfer(parameters: TransferParameters) {
    if (parameters.tokenAddress) throw new UnsupportedMethodError({ details: 'Bitcoin sends carry BTC only' })
    const provider = this.providerOf(parameters.connectorId)
    const context = this.context(parameters.caipNetwork)
    const { prepareTransfer, finalizePsbt } = await import('./transfer.js')
    const prepared = await prepareTransfer(context, await this.transferInput(parameters))
    const signInputs = prepared.signIndexes.map((index) => ({ address: parameters.from, index }))
    let signed: v.InferOutput<typeof SignPsbtResultSchema>
    try {
      signed = parse(
        SignPsbtResultSchema,
        await provider.request({ method: 'signPsbt', params: { psbt: prepared.psbt, signInputs, broadcast: false } }),
        parameters.connectorId,
      )
    } catch (error) {
      if (codeOf(error) !== 4200) throw toPorticoError(error)
      const reply = await call(() =>
        provider.request({ method: 'sendTransfer', params: { recipientAddress: parameters.to, amount: parameters.amount.toString() } }),
      )
      return { hash: parse(SendTransferResultSchema, reply, parameters.connectorId).txid }
    }
    if (signed.txid) return { hash: signed.txid }
    const { hex } = finalizePsbt(signed.psbt)
    return { hash: await (await esplora()).broadcast(context, hex) }
  }

  /** The fee the transfer would pay at the given (or the normal) rate: its coin selection, without signing. */
  async estimateTransferFee(parameters: TransferParameters): Promise<AdapterBalance> {
    const { prepareTransfer } = await import('./transfer.js')
    const { fee } = await prepareTransfer(this.context(parameters.caipNetwork), await this.transferInput(parameters))
    const { decimals, symbol } = parameters.caipNetwork.nativeCurrency
    return { value: fee.toString(), decimals, symbol }
  }

  /** Resolves once the transaction has 1 confirmation. */
  async waitForTransaction({ hash, caipNetwork }: { hash: string; caipNetwork: CaipNetwork }): Promise<{ status: 'success' | 'reverted' }> {
    const context = this.context(caipNetwork)
    const { getTxStatus } = await esplora()
    for (;;) {
      const status = await getTxStatus(context, hash).catch(() => undefined)
      if (status?.confirmed) return { status: 'success' }
      await new Promise((resolve) => setTimeout(resolve, this.pollIntervalMs))
    }
  }

  /** The connection's PorticoBitcoinProvider, which `getProvider(portico, 'bip122')` hands to hosts. */
  getProvider(connectorId: string): PorticoBitcoinProvider | undefined {
    return this.find(connectorId)?.provider
  }

  private async transferInput(parameters: TransferParameters) {
    const feeRate = parameters.feeRate ?? (await this.getFeeRates({ caipNetwork: parameters.caipNetwork })).normal
    const account = this.addresses.get(parameters.connectorId)?.find((a) => a.address === parameters.from)
    return { from: parameters.from, to: parameters.to, amount: parameters.amount, feeRate, account }
  }

  private context(caipNetwork: CaipNetwork): EsploraContext {
    return { caipNetwork, rpcHost: this.rpcHost, fetch: this.fetch }
  }

  private paymentOf(connectorId: string) {
    const addresses = this.addresses.get(connectorId)
    return addresses?.find((a) => (a.intention ?? intentionOf(a.address)) === 'payment') ?? addresses?.[0]
  }

  private connected(connectorId: string, provider: PorticoBitcoinProvider, addresses: BitcoinAccountAddress[], wanted?: CaipNetwork): AdapterConnectResult {
    if (addresses.length === 0) throw new ProviderRequestError({ details: `${connectorId} returned no Bitcoin address` })
    this.addresses.set(connectorId, addresses)
    this.watch(connectorId, provider)
    const payment = this.paymentOf(connectorId)!
    const matching = this.networks.filter((n) => isBip122Address(payment.address, n.caipNetworkId))
    const network = (wanted && matching.includes(wanted) ? wanted : matching[0]) ?? wanted ?? this.networks[0]
    return {
      connectorId,
      accounts: toAccounts(addresses),
      caipNetworkId: (network?.caipNetworkId ?? 'bip122:000000000019d6689c085ae165831e93') as CaipNetworkId,
    }
  }

  private watch(connectorId: string, provider: PorticoBitcoinProvider) {
    this.unwatchers.get(connectorId)?.()
    const onChange = (next: unknown) => {
      if (!v.is(AccountAddressesSchema, next)) return
      if (next.length === 0) return this.events?.disconnected(connectorId)
      this.addresses.set(connectorId, next)
      this.events?.accountsChanged(connectorId, toAccounts(next))
    }
    const onDisconnect = () => this.events?.disconnected(connectorId)
    provider.on('bip122_addressesChanged', onChange)
    provider.on('disconnect', onDisconnect)
    this.unwatchers.set(connectorId, () => {
      provider.removeListener('bip122_addressesChanged', onChange)
      provider.removeListener('disconnect', onDisconnect)
    })
  }

  private find(connectorId: string): { provider: PorticoBitcoinProvider; restore?: BitcoinWallet['restore'] } | undefined {
    const id = connectorId.toLowerCase()
    const added = this.added.find((c) => c.id.toLowerCase() === id)
    if (added) return { provider: added.provider as PorticoBitcoinProvider }
    return this.wallets.find((w) => w.name.toLowerCase() === id)
  }

  private providerOf(connectorId: string): PorticoBitcoinProvider {
    const found = this.find(connectorId)
    if (!found) throw new ConnectorNotFoundError(connectorId)
    return found.provider
  }

  private waitFor(connectorId: string, timeoutMs: number) {
    const found = this.find(connectorId)
    if (found) return Promise.resolve(found)
    return new Promise<ReturnType<BitcoinAdapter['find']>>((resolve) => {
      const done = (value: ReturnType<BitcoinAdapter['find']>) => {
        clearTimeout(timer)
        this.waiters.delete(wake)
        resolve(value)
      }
      const wake = () => {
        const value = this.find(connectorId)
        if (value) done(value)
      }
      const timer = setTimeout(() => done(undefined), timeoutMs)
      this.waiters.add(wake)
    })
  }
}

/** The chain reads (Esplora), loaded with the first balance read, as the send code is with the first send. */
const esplora = () => import('./esplora.js')

/** SPEC §3: payment and ordinal addresses, payment first (the default account type). */
function toAccounts(addresses: readonly BitcoinAccountAddress[]): AdapterAccount[] {
  const accounts = addresses.map((a) => ({ address: a.address, type: a.intention ?? intentionOf(a.address) }))
  return [...accounts.filter((a) => a.type === 'payment'), ...accounts.filter((a) => a.type !== 'payment')]
}

const parseAddresses = (reply: unknown, wallet: string) => parse(AccountAddressesSchema, reply, wallet)

function parse<T extends v.GenericSchema>(schema: T, value: unknown, wallet: string): v.InferOutput<T> {
  const parsed = v.safeParse(schema, value)
  if (!parsed.success) throw new InvalidWalletReplyError({ details: `${wallet} replied with ${parsed.issues[0]?.message}` })
  return parsed.output
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw toPorticoError(error)
  }
}

function toConnector(wallet: BitcoinWallet): Connector {
  return {
    id: wallet.name,
    name: wallet.name,
    type: 'ANNOUNCED',
    chain: 'bip122',
    ...(wallet.icon ? { imageUrl: wallet.icon, info: { icon: wallet.icon } } : {}),
    provider: wallet.provider,
  }
}
