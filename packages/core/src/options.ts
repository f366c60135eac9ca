import * as v from 'valibot'
import type { ChainAdapter } from './adapter.js'
import { CAIP2_PATTERN, ChainNamespaces, type AccountType, type ChainNamespace } from './spec/caip.js'
import { DefaultFeatures, DefaultRemoteFeatures, SdkDefaults, SocialProviders, type Features, type RemoteFeatures } from './spec/defaults.js'
import type { Clock, Environment, StorageLike } from './environment.js'
import { InvalidOptionsError } from './errors/options.js'
import type { CaipNetwork } from './networks.js'
import type { WalletConnectLoader } from './walletconnectClient.js'
import type { ServerSiwxMarker, SIWXConfig } from './siwx/config.js'
import type { EmbeddedWalletLoader } from './embedded/types.js'
import type { ThemeMode, ThemeVariables } from './stores/theme.js'
import { Locales, type Locale } from './i18n/locales.js'

/** SPEC §3 'Dapp metadata sent to the wallet' (the host's part of it). */
export interface Metadata {
  name: string
  description: string
  url: string
  icons: string[]
}

export interface CustomWallet {
  id: string
  name: string
  image_url?: string
  homepage?: string
  imageUrl?: string
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
  app_store?: string
  play_store?: string
}

export interface TokenOption {
  address: string
  image?: string
  /** Shown while the account holds none of the token (the server lists only held tokens). */
  symbol?: string
}

/** SPEC §3 'Options' (set by the host), plus the injected environment. */
export interface PorticoOptions {
  adapters: ChainAdapter[]
  networks: [CaipNetwork, ...CaipNetwork[]]
  defaultNetwork?: CaipNetwork
  projectId?: string
  /** The name service's suffix (SPEC §9); Portico's server defaults to '.portico.id'. */
  nameSuffix?: string
  /** The Portico server (self-hosted); without it, balances come straight from the chain. */
  apiUrl?: string
  metadata?: Metadata
  features?: Partial<Features>
  remoteFeatures?: Partial<RemoteFeatures>
  sdkType?: string
  sdkVersion?: string
  customWallets?: CustomWallet[]
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
  featuredWalletIds?: string[]
  /**
   * Per network (CAIP-2 id), the token whose balance the button and Account show instead of the
   * native balance (read through the Portico server's balances, so apiUrl is required); `image`
   * replaces the token's icon in the lists.
   */
  tokens?: Record<string, TokenOption>
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  /** Sign in with the wallet: `serverSiwx({ required })` (Portico's server) or a host's own SIWXConfig. */
  siwx?: SIWXConfig | ServerSiwxMarker
  /** SPEC §3: embedded (inline) mode. Not built in the React modal: `true` is refused (InvalidOptionsError). */
  enableEmbedded?: boolean
  allowUnsupportedChain?: boolean
  manualWCControl?: boolean
  enableNetworkSwitch?: boolean
  enableReconnect?: boolean
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>
  enableWalletConnect?: boolean
  /** From @portico/walletconnect: `walletConnect({ relayUrl })`; loaded on first use. */
  walletConnect?: WalletConnectLoader
  /** From @portico/embedded: `embeddedWallet({ frameUrl })`; email and social login, loaded on first use. */
  embeddedWallet?: EmbeddedWalletLoader
  enableEIP6963?: boolean
  debug?: boolean
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  /** The modal's language (issue 19): one of Locales, English by default; another value is refused. */
  locale?: Locale
  /** Injected for tests and non-browser hosts; browsers get localStorage, Date and setTimeout. */
  storage?: StorageLike
  clock?: Clock
  environment?: Environment
}

export interface ResolvedOptions extends Omit<PorticoOptions, 'features' | 'remoteFeatures' | 'defaultNetwork'> {
  features: Features
  remoteFeatures: RemoteFeatures
  /** Only what the host set itself; these win over the server's remote config. */
  hostRemoteFeatures: Partial<RemoteFeatures>
  defaultNetwork: CaipNetwork
  sdkType: string
  sdkVersion: string
  enableNetworkSwitch: boolean
  enableReconnect: boolean
  enableWalletConnect: boolean
  enableEIP6963: boolean
  allowUnsupportedChain: boolean
  manualWCControl: boolean
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  locale: Locale
}

const url = (name: string) => v.pipe(v.string(`${name} must be a string`), v.url(`${name} must be a URL`))

const NetworkSchema = v.object({
  id: v.union([v.number(), v.string()], 'network id must be a number or string'),
  caipNetworkId: v.pipe(v.string(), v.regex(CAIP2_PATTERN, 'caipNetworkId must be a CAIP-2 id')),
  chainNamespace: v.picklist(ChainNamespaces, `chainNamespace must be one of ${ChainNamespaces.join(', ')}`),
  name: v.pipe(v.string(), v.minLength(1, 'network name is required')),
  nativeCurrency: v.object({ name: v.string(), symbol: v.string(), decimals: v.pipe(v.number(), v.integer()) }),
  rpcUrls: v.object({ default: v.object({ http: v.array(v.string()) }) }),
})

const AdapterSchema = v.custom<ChainAdapter>(
  (input) =>
    typeof input === 'object' &&
    input !== null &&
    (ChainNamespaces as readonly string[]).includes((input as ChainAdapter).namespace) &&
    typeof (input as ChainAdapter).connect === 'function',
  'each adapter must be a Portico chain adapter (e.g. new EvmAdapter())',
)

const ThemeVariablesSchema = v.object({
  fontFamily: v.optional(v.string()),
  accent: v.optional(v.string()),
  colorMix: v.optional(v.string()),
  colorMixStrength: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
  fontSizeMaster: v.optional(v.string()),
  borderRadiusMaster: v.optional(v.string()),
  zIndex: v.optional(v.pipe(v.number(), v.integer())),
})

const OptionsSchema = v.object({
  adapters: v.array(AdapterSchema, 'adapters must be an array'),
  networks: v.pipe(v.array(NetworkSchema, 'networks must be an array of networks'), v.minLength(1, 'networks must hold at least one network')),
  defaultNetwork: v.optional(NetworkSchema),
  projectId: v.optional(v.pipe(v.string(), v.minLength(1, 'projectId must not be empty'))),
  apiUrl: v.optional(url('apiUrl')),
  metadata: v.optional(v.object({ name: v.string(), description: v.string(), url: url('metadata.url'), icons: v.array(v.string()) })),
  features: v.optional(v.partial(v.object(mapValues(DefaultFeatures, () => v.boolean())))),
  remoteFeatures: v.optional(
    v.partial(
      v.object({
        swaps: v.union([v.literal(false), v.array(v.string())]),
        onramp: v.union([v.literal(false), v.array(v.string())]),
        email: v.boolean(),
        socials: v.union([v.literal(false), v.array(v.picklist(SocialProviders))]),
        activity: v.boolean(),
        branding: v.boolean(),
        multiWallet: v.boolean(),
        emailCapture: v.boolean(),
        payWithExchange: v.boolean(),
        payments: v.boolean(),
      }),
    ),
  ),
  sdkType: v.optional(v.string()),
  sdkVersion: v.optional(v.string()),
  customWallets: v.optional(v.array(v.object({ id: v.string(), name: v.string() }))),
  includeWalletIds: v.optional(v.array(v.string())),
  excludeWalletIds: v.optional(v.array(v.string())),
  featuredWalletIds: v.optional(v.array(v.string())),
  tokens: v.optional(
    v.record(
      v.pipe(v.string(), v.regex(CAIP2_PATTERN, 'tokens: each key must be a CAIP-2 network id')),
      v.object({
        address: v.pipe(v.string(), v.minLength(1, 'tokens: address is required')),
        image: v.optional(url('tokens image')),
        symbol: v.optional(v.string()),
      }),
    ),
  ),
  termsConditionsUrl: v.optional(url('termsConditionsUrl')),
  privacyPolicyUrl: v.optional(url('privacyPolicyUrl')),
  enableEmbedded: v.optional(v.boolean()),
  allowUnsupportedChain: v.optional(v.boolean()),
  manualWCControl: v.optional(v.boolean()),
  enableNetworkSwitch: v.optional(v.boolean()),
  enableReconnect: v.optional(v.boolean()),
  enableWalletConnect: v.optional(v.boolean()),
  walletConnect: v.optional(
    v.custom<WalletConnectLoader>(
      (x) => typeof x === 'object' && x !== null && typeof (x as WalletConnectLoader).load === 'function',
      'walletConnect must come from walletConnect({...}) of @portico/walletconnect',
    ),
  ),
  embeddedWallet: v.optional(
    v.custom<EmbeddedWalletLoader>(
      (x) =>
        typeof x === 'object' &&
        x !== null &&
        typeof (x as EmbeddedWalletLoader).load === 'function' &&
        /^https?:\/\//.test(String((x as EmbeddedWalletLoader).frameUrl)),
      'embeddedWallet must come from embeddedWallet({ frameUrl }) of @portico/embedded',
    ),
  ),
  enableEIP6963: v.optional(v.boolean()),
  debug: v.optional(v.boolean()),
  defaultAccountTypes: v.optional(v.record(v.picklist(ChainNamespaces), v.picklist(['eoa', 'smartAccount', 'payment', 'ordinal']))),
  themeMode: v.optional(v.picklist(['dark', 'light'], "themeMode must be 'dark' or 'light'")),
  themeVariables: v.optional(ThemeVariablesSchema),
  locale: v.optional(v.picklist(Locales, `locale must be one of ${Locales.join(', ')}`)),
})

function mapValues<T extends object, R>(obj: T, fn: (value: T[keyof T]) => R): { [K in keyof T]: R } {
  return Object.fromEntries(Object.entries(obj).map(([k, value]) => [k, fn(value)])) as { [K in keyof T]: R }
}

/** Validates the host's options and applies SPEC §9's defaults. Throws InvalidOptionsError naming each problem. */
export function resolveOptions(options: PorticoOptions): ResolvedOptions {
  const result = v.safeParse(OptionsSchema, options)
  if (!result.success) {
    throw new InvalidOptionsError(
      result.issues.map((issue) => {
        const path = issue.path?.map((p) => String(p.key)).join('.')
        return path ? `${path}: ${issue.message}` : issue.message
      }),
    )
  }
  const issues: string[] = []
  const namespaces = options.adapters.map((a) => a.namespace)
  const duplicate = namespaces.find((ns, i) => namespaces.indexOf(ns) !== i)
  if (duplicate) issues.push(`adapters: two adapters for namespace ${duplicate}`)
  const ids = options.networks.map((n) => n.caipNetworkId)
  const duplicateId = ids.find((id, i) => ids.indexOf(id) !== i)
  if (duplicateId) issues.push(`networks: ${duplicateId} is listed twice`)
  for (const network of options.networks) {
    if (network.caipNetworkId !== `${network.chainNamespace}:${network.id}`)
      issues.push(`networks: ${network.name} has caipNetworkId ${network.caipNetworkId}, expected ${network.chainNamespace}:${network.id}`)
  }
  if (options.defaultNetwork && !ids.includes(options.defaultNetwork.caipNetworkId))
    issues.push(`defaultNetwork: ${options.defaultNetwork.caipNetworkId} is not one of the networks`)
  if (options.siwx && 'kind' in options.siwx && options.siwx.kind === 'portico-server' && !options.apiUrl)
    issues.push('siwx: serverSiwx() needs apiUrl (the Portico server stores and verifies sessions)')
  if (options.apiUrl && !options.projectId) issues.push('projectId: Project ID Missing (required with apiUrl)')
  issues.push(...unbuiltOrInconsistentFlags(options, ids))
  if (issues.length) throw new InvalidOptionsError(issues)

  const defaultNetwork = options.defaultNetwork ?? options.networks.find((n) => n.caipNetworkId === SdkDefaults.defaultCaipNetworkId) ?? options.networks[0]
  return {
    ...options,
    defaultNetwork,
    features: { ...DefaultFeatures, ...options.features },
    remoteFeatures: { ...DefaultRemoteFeatures, ...options.remoteFeatures },
    hostRemoteFeatures: options.remoteFeatures ?? {},
    sdkType: options.sdkType ?? SdkDefaults.sdkType,
    sdkVersion: options.sdkVersion ?? SdkDefaults.sdkVersion,
    enableNetworkSwitch: options.enableNetworkSwitch ?? true,
    enableReconnect: options.enableReconnect ?? true,
    enableWalletConnect: options.enableWalletConnect ?? true,
    enableEIP6963: options.enableEIP6963 ?? true,
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    manualWCControl: options.manualWCControl ?? false,
    themeMode: options.themeMode ?? 'dark',
    themeVariables: options.themeVariables ?? {},
    locale: options.locale ?? 'en',
  }
}

/**
 * A flag SPEC names either works or is refused here, never silently ignored: the flags whose
 * feature Portico does not build, and the ones that cannot work with the rest of the options.
 */
function unbuiltOrInconsistentFlags(options: PorticoOptions, networkIds: readonly string[]): string[] {
  const issues: string[] = []
  const notBuilt = (name: string, what: string) => issues.push(`${name}: ${what} is not built in Portico; leave it off`)
  if (options.enableEmbedded) notBuilt('enableEmbedded', 'embedded (inline) rendering of the modal')
  if (options.remoteFeatures?.payWithExchange) notBuilt('remoteFeatures.payWithExchange', 'pay with exchange')
  if (options.remoteFeatures?.payments) notBuilt('remoteFeatures.payments', 'payments')
  if (options.features?.smartSessions) notBuilt('features.smartSessions', 'smart sessions (ERC-7715)')
  if (options.features?.legalCheckbox && !options.termsConditionsUrl && !options.privacyPolicyUrl)
    issues.push('features.legalCheckbox: needs termsConditionsUrl or privacyPolicyUrl (the checkbox accepts them)')
  if (options.remoteFeatures?.emailCapture && !options.siwx)
    issues.push('remoteFeatures.emailCapture: needs siwx (DataCapture opens when the wallet signs in, SPEC §4)')
  for (const caipNetworkId of Object.keys(options.tokens ?? {})) {
    if (!networkIds.includes(caipNetworkId)) issues.push(`tokens: ${caipNetworkId} is not one of the networks`)
  }
  if (options.tokens && Object.keys(options.tokens).length > 0 && !options.apiUrl)
    issues.push("tokens: needs apiUrl (a token's balance is read through the Portico server)")
  return issues
}
