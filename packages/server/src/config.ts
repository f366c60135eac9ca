import { isCaip2 } from '@portico/core/spec'
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { SOLANA_DEVNET, SOLANA_DEVNET_ASSETS } from './chain/solanaDevnet.js'
import { relayLimitsFromEnv, type RelayLimits } from './relay/limits.js'
import type { SwapProviderConfig } from './swap/provider.js'

export const ProjectConfigSchema = z.object({
  projectId: z.string().min(1),
  name: z.string().min(1),
  /** Exact origins, or with a `*` port (`http://127.0.0.1:*`) for local development. */
  allowedOrigins: z.array(z.string()).default([]),
  /** Remote features (SPEC §9 'Defaults' apply where absent). */
  features: z.record(z.string(), z.unknown()).default({}),
  analytics: z.boolean().default(true),
})
export type ProjectConfig = z.infer<typeof ProjectConfigSchema>

export interface RateLimitConfig {
  perIpPerMinute: number
  perProjectPerMinute: number
  /** Chain reads through POST /v1/rpc/{caip2} per client IP (default 600). */
  rpcPerIpPerMinute?: number
}

/** The names of the auth server's secrets (auth/secrets.ts). */
export type AuthKeyName = 'otpKey' | 'shareKey' | 'recoveryKey' | 'jwtKey'

/**
 * A KMS-style key service: the server asks it once per key at start (for example a KMS that
 * unwraps data keys stored wrapped). Keys never come from the data directory.
 */
export interface AuthKeyService {
  /** Named in logs and errors ('aws-kms', 'vault', …). */
  readonly name: string
  /** The named key: 32 bytes. */
  getKey(name: AuthKeyName): Promise<Uint8Array>
}

export interface ServerConfig {
  host: string
  port: number
  /** Where PGlite keeps its files; memory when undefined. */
  dataDir: string | undefined
  databaseUrl: string | undefined
  redisUrl: string | undefined
  /** Chain JSON-RPC endpoints by CAIP-2 id. */
  rpcUrls: Record<string, string>
  projects: ProjectConfig[]
  /** The URL clients reach this server at (links in onramp pages, icons). */
  publicUrl: string
  rateLimits: RateLimitConfig
  /** Proxies (CIDRs or addresses) whose X-Forwarded-For names the client; none by default (PORTICO_TRUST_PROXY, comma-separated). */
  trustProxy: string[]
  /** How long a graceful stop (SIGTERM) lets in-flight requests finish (PORTICO_SHUTDOWN_DEADLINE_MS; 10 s). */
  shutdownDeadlineMs: number
  /** pino level (PORTICO_LOG_LEVEL; info). */
  logLevel: string
  /** Where log lines go instead of stdout (tests, embedding). */
  logDestination?: import('pino').DestinationStream
  /** Who may read /metrics: scrapers' CIDRs (PORTICO_METRICS_ALLOW; loopback by default) or a bearer token (PORTICO_METRICS_TOKEN). */
  metrics: { allow: string[]; token?: string }
  /** Appended to registered names (SPEC §9: a name-service suffix). */
  nameSuffix: string
  /** Prices in USD by token symbol for the devnet price source. */
  prices: Record<string, number>
  /**
   * The sandbox onramp (test only, no real money): the devnet chains (CAIP-2) it completes
   * purchases on, each with its USDC contract and the key of the account that mints it. On
   * eip155: the ERC20 address and a 0x private key; on solana: the USDC mint (SPL Token) and the
   * mint authority's 64-byte secret key in base58.
   */
  sandboxOnramp?: Record<string, { usdc: string; minterPrivateKey: string }>
  /**
   * Per CAIP-2 chain: its native currency and the tokens the balance endpoint names and prices
   * (eip155: ERC20 contracts, reported when non-zero; solana: SPL mints of either token program).
   * A chain with an RPC URL but no entry gets an 18-decimal 'ETH' (eip155) or 9-decimal 'SOL'
   * (solana) native currency and no tokens.
   */
  chainAssets?: Record<
    string,
    {
      native: { name: string; symbol: string; decimals: number }
      tokens: { address: string; name: string; symbol: string; decimals: number }[]
    }
  >
  /**
   * The chain indexer behind /v1/account/{address}/history. pollMs: how often each chain's head
   * is read; batchBlocks: blocks per step; backfillBlocks: how far behind the head a fresh
   * database starts. enabled false turns it off.
   */
  indexer?: { enabled: boolean; pollMs: number; batchBlocks: number; backfillBlocks: number }
  /** Swaps (/v1/convert/*) per CAIP-2 chain: Uniswap V2 pools on the chain, or an aggregator API. None: no swaps. */
  swap?: Record<string, SwapProviderConfig>
  /**
   * Outbound fetches of URLs that chain data names (NFT metadata) refuse loopback, private, link-local
   * and cloud metadata addresses (services/safeFetch.ts). These exact origins are exempt: development
   * and tests only, for the devnet's NFT fixtures on 127.0.0.1. Never in production.
   */
  outboundAllowOrigins?: string[]
  /** Base URL that ipfs:// metadata is fetched through (`https://gateway.example/ipfs/`); ipfs:// is refused without one. */
  ipfsGateway?: string
  /** Development-only routes under /dev/ (analytics inbox, later the mail catcher). Never in production. */
  devRoutes?: boolean
  /**
   * The embedded wallet's secure frame, served by this process on a SECOND origin (issue 6).
   * Off when absent. port 0 picks a free port; publicUrl defaults to http://<host>:<port>.
   * assetsDir: the built frame (default: dist/secure-frame in the published package, else packages/secure-frame/dist).
   */
  secureFrame?: {
    port: number
    host?: string
    publicUrl?: string
    assetsDir?: string
    /**
     * The host name in the default public URL (http://<publicHost>:<port>). Passkeys need a
     * domain, not an IP, as their RP id: 'localhost' in development (CUSTODY.md).
     */
    publicHost?: string
  }
  /** Outgoing mail (login codes, device approval). Without smtp, mail goes to the dev mail catcher if one runs. */
  mail?: { from?: string; smtp?: { host: string; port: number; secure?: boolean; user?: string; pass?: string } }
  /** Dev only: a local SMTP mail catcher (inbox at /dev/mail with devRoutes). port 0 picks a free port. */
  devMailCatcher?: { port: number }
  /**
   * Dev only: a local OpenID provider that stands in for social providers (default: google).
   * port 0 picks a free port.
   */
  devIdentityProvider?: { port: number; standsInFor?: Array<'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'> }
  /** OAuth/OIDC client settings per social provider (the server is the OAuth client). */
  socialProviders?: Partial<Record<'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord', SocialProviderConfig>>
  /**
   * The auth server's secrets (base64, 32 bytes each). Never inside the data directory: see
   * auth/secrets.ts for the order (key service, this, PORTICO_AUTH_SECRETS, a secrets file) and
   * the development fallback (generated beside the data directory).
   */
  authSecrets?: { otpKey: string; shareKey: string; recoveryKey: string; jwtKey: string }
  /** A JSON file with the auth secrets (as authSecrets), OUTSIDE the data directory (PORTICO_AUTH_SECRETS_FILE). */
  authSecretsFile?: string
  /** A KMS-style key service the auth secrets come from (AuthKeyService above; the order in auth/secrets.ts). */
  authKeyService?: AuthKeyService
  /** Auth tunables (defaults in auth/settings.ts: 10 min codes, 5 tries, 30 s cooldown, 5 sends per hour). */
  auth?: Partial<AuthSettings>
  /** WalletConnect relay limits (defaults in relay/limits.ts; PORTICO_RELAY_* in the environment). */
  relay?: Partial<RelayLimits>
  /**
   * Sign-in (SIWX): signingKey signs session tokens (a private EC P-256 JWK, as JSON or object;
   * every instance needs the same one; PORTICO_SIWX_SIGNING_KEY). Without it: a per-process key
   * (in development with a data dir: one kept beside it). nonceTtlMs: how long a nonce waits for
   * its signature (10 min); tokenTtlSec: a token's longest life (1 day; less if the message expires sooner).
   */
  siwx?: { signingKey?: string | Record<string, unknown>; nonceTtlMs?: number; tokenTtlSec?: number }
}

export interface SocialProviderConfig {
  clientId: string
  clientSecret?: string
  /** OIDC issuer (discovery); or the explicit endpoints below for plain OAuth 2 providers. */
  issuer?: string
  authorizationEndpoint?: string
  tokenEndpoint?: string
  userinfoEndpoint?: string
  scope?: string
  /** Insecure http issuers are allowed only for loopback stand-ins. */
  allowHttp?: boolean
}

export interface AuthSettings {
  otpDigits: number
  otpTtlMs: number
  otpMaxAttempts: number
  sendCooldownMs: number
  sendsPerHourPerEmail: number
  sendsPerHourPerIp: number
  accessTokenTtlSec: number
  refreshTokenTtlMs: number
  deviceApprovalTtlMs: number
  socialStateTtlMs: number
  /** How long after a login a new device may fetch the recovery material (once). */
  recoveryWindowMs: number
  /** How long a factor proof (passkey, password) counts as fresh for email and factor changes. */
  freshProofMs: number
  /** Failed factor proofs per user and hour before further tries are refused. */
  factorFailuresPerHour: number
  /** How old (seconds) a DPoP proof may be. */
  dpopMaxAgeSec: number
  /** The clock (tests pass a fake one). */
  now: () => number
}

/** The development project the demo uses. */
export const DEV_PROJECT: ProjectConfig = {
  projectId: 'portico-dev',
  name: 'Portico Demo',
  allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
  features: {},
  analytics: true,
}

const DEVNET_UNISWAP: SwapProviderConfig = {
  kind: 'uniswap-v2',
  router: '0x9A676e781A523b5d0C0e43731313A708CB607508',
  factory: '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82',
  weth: '0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0',
  tokens: [
    { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
    { address: '0x0B306BF915C4d645ff596e518fAf3F9669b97016', name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 },
  ],
}

export const DEFAULT_CONFIG: ServerConfig = {
  host: '127.0.0.1',
  port: 8787,
  dataDir: undefined,
  databaseUrl: undefined,
  redisUrl: undefined,
  rpcUrls: { 'eip155:31337': 'http://127.0.0.1:8545', 'eip155:31338': 'http://127.0.0.1:8546', [SOLANA_DEVNET.caip2]: SOLANA_DEVNET.rpcUrl },
  projects: [DEV_PROJECT],
  publicUrl: 'http://127.0.0.1:8787',
  rateLimits: { perIpPerMinute: 1200, perProjectPerMinute: 12000 },
  trustProxy: [],
  shutdownDeadlineMs: 10_000,
  logLevel: 'info',
  metrics: { allow: ['127.0.0.1', '::1'] },
  nameSuffix: '.portico.id',
  prices: { ETH: 3000, USDC: 1, POL: 0.5, SOL: 150 },
  // Dev account 0 of the public anvil test mnemonic (a PUBLIC devnet key, never for real funds):
  // it owns the devnet USDC contract, so it can mint sandbox purchases.
  sandboxOnramp: {
    'eip155:31337': {
      usdc: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      minterPrivateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    },
    'eip155:31338': {
      usdc: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      minterPrivateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    },
    [SOLANA_DEVNET.caip2]: { usdc: SOLANA_DEVNET.usdc, minterPrivateKey: SOLANA_DEVNET.minterSecretKey },
  },
  chainAssets: {
    ...Object.fromEntries(
      ['eip155:31337', 'eip155:31338'].map((id) => [
        id,
        {
          native: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          // The devnet's USDC: the same address on both chains (first contract of dev account 0).
          tokens: [{ address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', name: 'USD Coin', symbol: 'USDC', decimals: 6 }],
        },
      ]),
    ),
    [SOLANA_DEVNET.caip2]: SOLANA_DEVNET_ASSETS,
  },
  indexer: { enabled: true, pollMs: 1000, batchBlocks: 20, backfillBlocks: 1000 },
  // The devnet's Uniswap V2 (DEVNET_SWAP of @portico/devnet: the same addresses on both chains; swap/devnet.test.ts checks them).
  swap: Object.fromEntries(['eip155:31337', 'eip155:31338'].map((id) => [id, DEVNET_UNISWAP])),
}

const HELP = `portico-server: the self-hostable Portico API.

Flags (environment variable in brackets):
  --host <ip>              listen address (PORTICO_HOST, default 127.0.0.1)
  --port <n>               listen port (PORTICO_PORT, default 8787)
  --data-dir <dir>         PGlite data directory (PORTICO_DATA_DIR, default .data/server; 'memory' for none)
  --database-url <url>     use PostgreSQL instead of PGlite (DATABASE_URL)
  --redis-url <url>        share rate limits and relay state across instances (REDIS_URL)
  --rpc <caip2>=<url>      chain JSON-RPC endpoint, repeatable (PORTICO_RPC_URLS, comma-separated)
  --projects <file.json>   projects config: [{projectId, name, allowedOrigins, features, analytics}] (PORTICO_PROJECTS)
  --public-url <url>       URL clients use to reach this server (PORTICO_PUBLIC_URL)
  --secure-frame-port <n>  serve the embedded wallet's secure frame on this port (PORTICO_SECURE_FRAME_PORT)
  --smtp <host:port>       send login mail over this SMTP server (PORTICO_SMTP)
  --help
`

const KNOWN_FLAGS = ['host', 'port', 'data-dir', 'database-url', 'redis-url', 'rpc', 'projects', 'public-url', 'secure-frame-port', 'smtp']

/** Reads flags, then environment, then defaults. Throws with a clear message on bad input. */
export function loadConfig(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const flags = new Map<string, string[]>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help') {
      console.log(HELP)
      process.exit(0)
    }
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}\n\n${HELP}`)
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined]
    if (!KNOWN_FLAGS.includes(name)) throw new Error(`Unknown flag --${name}\n\n${HELP}`)
    const value = inline ?? argv[++i]
    if (value === undefined) throw new Error(`--${name} needs a value`)
    flags.set(name, [...(flags.get(name) ?? []), value])
  }
  const flag = (name: string) => flags.get(name)?.at(-1)

  const port = Number(flag('port') ?? env.PORTICO_PORT ?? DEFAULT_CONFIG.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port ${port}`)
  const host = flag('host') ?? env.PORTICO_HOST ?? DEFAULT_CONFIG.host
  const dataDirValue = flag('data-dir') ?? env.PORTICO_DATA_DIR ?? '.data/server'
  const rpcEntries = [...(flags.get('rpc') ?? []), ...(env.PORTICO_RPC_URLS?.split(',').filter(Boolean) ?? [])]
  const rpcUrls = { ...DEFAULT_CONFIG.rpcUrls }
  for (const entry of rpcEntries) {
    const [caip2 = '', url = ''] = entry.split(/=(.*)/s, 2)
    if (!isCaip2(caip2) || !/^https?:\/\/.+$/.test(url))
      throw new Error(`Invalid --rpc ${entry}: expected <caip2>=<http url>, e.g. eip155:31337=http://127.0.0.1:8545`)
    rpcUrls[caip2] = url
  }
  const projectsFile = flag('projects') ?? env.PORTICO_PROJECTS
  return {
    ...DEFAULT_CONFIG,
    host,
    port,
    dataDir: dataDirValue === 'memory' ? undefined : dataDirValue,
    databaseUrl: flag('database-url') ?? env.DATABASE_URL,
    redisUrl: flag('redis-url') ?? env.REDIS_URL,
    metrics: {
      allow: env.PORTICO_METRICS_ALLOW ? env.PORTICO_METRICS_ALLOW.split(',').map((s) => s.trim()).filter(Boolean) : DEFAULT_CONFIG.metrics.allow,
      ...(env.PORTICO_METRICS_TOKEN ? { token: env.PORTICO_METRICS_TOKEN } : {}),
    },
    logLevel: env.PORTICO_LOG_LEVEL ?? DEFAULT_CONFIG.logLevel,
    shutdownDeadlineMs: Number(env.PORTICO_SHUTDOWN_DEADLINE_MS ?? DEFAULT_CONFIG.shutdownDeadlineMs),
    trustProxy: (flag('trust-proxy') ?? env.PORTICO_TRUST_PROXY ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    rpcUrls,
    projects: projectsFile ? readProjects(projectsFile) : DEFAULT_CONFIG.projects,
    publicUrl: flag('public-url') ?? env.PORTICO_PUBLIC_URL ?? `http://${host}:${port}`,
    ...embeddedFlags(flag('secure-frame-port') ?? env.PORTICO_SECURE_FRAME_PORT, flag('smtp') ?? env.PORTICO_SMTP),
    relay: relayLimitsFromEnv(env),
    ...(env.PORTICO_SIWX_SIGNING_KEY ? { siwx: { signingKey: env.PORTICO_SIWX_SIGNING_KEY } } : {}),
  }
}

function embeddedFlags(securePort: string | undefined, smtp: string | undefined): Partial<ServerConfig> {
  const out: Partial<ServerConfig> = {}
  if (securePort !== undefined) {
    const port = Number(securePort)
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid secure frame port ${securePort}`)
    out.secureFrame = { port }
  }
  if (smtp !== undefined) {
    const match = /^([^:]+):(\d+)$/.exec(smtp)
    if (!match) throw new Error(`Invalid --smtp ${smtp}: expected host:port`)
    out.mail = { smtp: { host: match[1]!, port: Number(match[2]) } }
  }
  return out
}

function readProjects(file: string): ProjectConfig[] {
  const parsed = z.array(ProjectConfigSchema).safeParse(JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.success) throw new Error(`Invalid projects file ${file}: ${parsed.error.issues[0]?.message}`)
  return parsed.data
}
