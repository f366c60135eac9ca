import { InvalidOptionsError, type CaipNetwork, type Connector } from '@portico/core'
import * as v from 'valibot'
import type { SmartWalletProvider } from './coinbaseSdk.js'
import type { Eip1193Provider, ProviderDetail } from './schemas.js'

/** The Coinbase Wallet connector's id: the extension's EIP-6963 rdns, so both paths are one entry. */
export const COINBASE_CONNECTOR_ID = 'com.coinbase.wallet'
export const COINBASE_WALLET_NAME = 'Coinbase Wallet'
/** The real Coinbase Smart Wallet popup (the SDK's own default, CB_KEYS_URL). */
export const COINBASE_KEYS_URL = 'https://keys.coinbase.com/connect'
/** Where the SDK keeps its signer choice (its ScopedLocalStorage key): a Smart Wallet session to resume. */
const SDK_SESSION_KEY = '-CBWSDK:SignerConfigurator:SignerType'

// The Coinbase mark (a white square in a white ring on blue), drawn here so the first load needs no asset.
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#0052FF"/><circle cx="16" cy="16" r="10" fill="#fff"/><rect x="12.5" y="12.5" width="7" height="7" rx="1" fill="#0052FF"/></svg>',
)}`

export interface CoinbaseWalletParameters {
  /** The name the Smart Wallet popup shows the user; the page's title by default. */
  appName?: string
  /**
   * The Smart Wallet popup's address: Coinbase's (https://keys.coinbase.com/connect) by default. Only
   * https, or http on this machine (127.0.0.1, localhost) for a local stand-in: the popup's origin is
   * the only one whose messages the SDK accepts, so it must be one the host trusts.
   */
  keysUrl?: string
}

export interface CoinbaseWalletConfig {
  appName?: string
  keysUrl: string
}

const KeysUrlSchema = v.pipe(
  v.string(),
  v.url('is not a URL'),
  v.check((url) => {
    if (!URL.canParse(url)) return false
    const { protocol, hostname } = new URL(url)
    return protocol === 'https:' || (protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]'))
  }, 'must be https (http only on 127.0.0.1 or localhost)'),
)
const ParametersSchema = v.strictObject({
  appName: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
  keysUrl: v.optional(KeysUrlSchema),
})

/**
 * The Coinbase Wallet connector, for `new EvmAdapter({ coinbaseWallet: coinbaseWallet() })`: one
 * 'Coinbase Wallet' entry. A Coinbase extension (announced through EIP-6963, or the legacy
 * `window.coinbaseWalletExtension` / `window.ethereum.isCoinbaseWallet`) is used as it is; without
 * one the entry connects the Coinbase Smart Wallet through `@coinbase/wallet-sdk`, loaded on click.
 * Bad parameters throw InvalidOptionsError naming the option.
 */
export function coinbaseWallet(parameters: CoinbaseWalletParameters = {}): CoinbaseWallet {
  const parsed = v.safeParse(ParametersSchema, parameters)
  if (!parsed.success) throw new InvalidOptionsError(parsed.issues.map((issue) => `coinbaseWallet.${v.getDotPath(issue) ?? ''}: ${issue.message}`))
  const { appName, keysUrl = COINBASE_KEYS_URL } = parsed.output
  return new CoinbaseWallet({ ...(appName ? { appName } : {}), keysUrl })
}

/**
 * The Coinbase entry's provider: the extension found on the page (the legacy globals; an announced
 * one is listed by its announcement and needs nothing here), else the Smart Wallet SDK's, made on
 * the first connect (or a reconnect with a stored session) and kept for the page's life. The
 * adapter's hooks are its methods, so a host without the connector loads none of this.
 */
export class CoinbaseWallet {
  readonly id = COINBASE_CONNECTOR_ID
  private smartWalletProvider: Promise<SmartWalletProvider> | undefined
  private loaded: SmartWalletProvider | undefined

  constructor(readonly config: CoinbaseWalletConfig) {}

  /** The legacy extension: `window.coinbaseWalletExtension`, or a `window.ethereum` that says it is Coinbase's. */
  legacyExtension(injected: Eip1193Provider | undefined): Eip1193Provider | undefined {
    const extension = (globalThis as { coinbaseWalletExtension?: unknown }).coinbaseWalletExtension
    if (isProvider(extension)) return extension
    return (injected as { isCoinbaseWallet?: unknown } | undefined)?.isCoinbaseWallet === true ? injected : undefined
  }

  /** The entry to list; none when an announcement already is the Coinbase extension (that one is listed). */
  connectors(details: readonly ProviderDetail[], injected: Eip1193Provider | undefined): Connector[] {
    if (details.some((d) => d.info.rdns.toLowerCase() === this.id)) return []
    const extension = this.legacyExtension(injected)
    return [
      {
        id: this.id,
        name: COINBASE_WALLET_NAME,
        // The extension is a browser wallet like any other; the Smart Wallet is an outside one (SPEC §3 types).
        type: extension ? 'INJECTED' : 'EXTERNAL',
        chain: 'eip155',
        imageUrl: ICON,
        info: { rdns: this.id, icon: ICON },
        ...(extension ? { provider: extension } : {}),
      },
    ]
  }

  /** The entry's provider now, without loading anything: the legacy extension, or a Smart Wallet already made. */
  detail(connectorId: string, injected: Eip1193Provider | undefined): { provider: Eip1193Provider } | undefined {
    const provider = connectorId.toLowerCase() === this.id ? (this.legacyExtension(injected) ?? this.loaded) : undefined
    return provider ? { provider } : undefined
  }

  /** For a connect on the entry without an extension: the Smart Wallet, its SDK's chunk loaded on the first call. */
  async smartWallet(connectorId: string, first: CaipNetwork | undefined, networks: readonly CaipNetwork[]): Promise<SmartWalletProvider | undefined> {
    if (connectorId.toLowerCase() !== this.id) return undefined
    const chainIds = [...new Set([first, ...networks].filter((n) => n?.chainNamespace === 'eip155').map((n) => Number(n!.id)))]
    this.smartWalletProvider ??= import('./coinbaseSdk.js').then((m) => (this.loaded = m.createSmartWalletProvider({ ...this.config, chainIds })))
    // A failed load (a dropped chunk) may be tried again on the next click.
    return this.smartWalletProvider.catch((error) => {
      this.smartWalletProvider = undefined
      throw error
    })
  }

  /** After a reload: a Smart Wallet session the SDK kept in this browser resumes (its stored accounts, no popup). */
  async resume(connectorId: string, networks: readonly CaipNetwork[]): Promise<{ provider: Eip1193Provider } | undefined> {
    if (!this.hasSession()) return undefined
    const provider = await this.smartWallet(connectorId, undefined, networks)
    return provider ? { provider } : undefined
  }

  /** Ends the SDK's session when the provider is the Smart Wallet's; false for any other provider. */
  async disconnect(provider: Eip1193Provider | undefined): Promise<boolean> {
    if (!provider || provider !== this.loaded) return false
    await this.loaded.disconnect()
    return true
  }

  private hasSession(): boolean {
    try {
      return typeof localStorage !== 'undefined' && localStorage.getItem(SDK_SESSION_KEY) === 'scw'
    } catch {
      return false
    }
  }
}

function isProvider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function'
}
