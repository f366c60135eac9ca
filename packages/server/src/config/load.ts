import { readFileSync } from 'node:fs'
import { isCaip2 } from '@portico/core/spec'
import { productionProblems } from './checks.js'
import { DEV_CLI_DEFAULTS } from './dev.js'
import { ConfigError, describeIssues } from './errors.js'
import { ServerConfigSchema, type ServerConfig } from './schema.js'
import { configKeys, typeName, type ConfigKey } from './walk.js'

export const HELP = `portico-server: the self-hostable Portico API.

Configuration comes from, lowest first: defaults < --config file < PORTICO_* environment < flags.
Every key, its environment name and default: docs/server-config.md.

Flags:
  --dev                    development: devnet chains, the demo project, the local OpenID provider,
                           the mail catcher and generated test secrets (what \`npm start\` runs)
  --config <file.json>     a configuration file (PORTICO_CONFIG); see docs/portico.config.example.json
  --host <ip>              listen address (default 127.0.0.1)
  --port <n>               listen port (default 8787)
  --data-dir <dir>         PGlite data directory (default .data/server; 'memory' for none)
  --database-url <url>     PostgreSQL instead of PGlite (DATABASE_URL)
  --redis-url <url>        share rate limits and relay state across instances (REDIS_URL)
  --rpc <caip2>=<url>      a chain's JSON-RPC endpoint, repeatable (a chain repeated: fallbacks)
  --projects <file.json>   projects: [{projectId, name, allowedOrigins, features, analytics}]
  --public-url <url>       URL clients use to reach this server
  --secure-frame-port <n>  serve the embedded wallet's secure frame on this port
  --smtp <host:port>       send login mail over this SMTP server
  --trust-proxy <cidrs>    proxies whose X-Forwarded-For is believed, comma-separated
  --help
`

const VALUE_FLAGS = [
  'config',
  'host',
  'port',
  'data-dir',
  'database-url',
  'redis-url',
  'rpc',
  'projects',
  'public-url',
  'secure-frame-port',
  'smtp',
  'trust-proxy',
]

type Tree = Record<string, unknown>
const isPlain = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype

/** Later sources win; objects merge key by key, lists and values replace. */
function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base }
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) continue
    out[k] = isPlain(v) && isPlain(out[k]) ? merge(out[k] as Tree, v) : v
  }
  return out
}

function setPath(tree: Tree, path: string[], value: unknown) {
  let node = tree
  for (const segment of path.slice(0, -1)) node = (node[segment] = isPlain(node[segment]) ? node[segment] : {}) as Tree
  node[path.at(-1)!] = value
}

function parseArgs(argv: string[]) {
  const flags = new Map<string, string[]>()
  let dev = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help') return { help: true as const, dev, flags }
    if (arg === '--dev') {
      dev = true
      continue
    }
    if (!arg.startsWith('--')) throw new ConfigError([`argument ${arg}: unexpected (see --help)`])
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined]
    if (!VALUE_FLAGS.includes(name)) throw new ConfigError([`flag --${name}: unknown (see --help)`])
    const value = inline ?? argv[++i]
    if (value === undefined) throw new ConfigError([`flag --${name}: needs a value`])
    flags.set(name, [...(flags.get(name) ?? []), value])
  }
  return { help: false as const, dev, flags }
}

function readJsonFile(file: string, what: string): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new ConfigError([`${what}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`])
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ConfigError([`${what}: ${file} is not valid JSON (${(error as Error).message})`])
  }
}

/** An environment or flag string as the key's type: numbers, booleans, comma lists, JSON objects. */
function coerce(key: ConfigKey, text: string, source: string): unknown {
  const type = typeName(key.inner)
  const trimmed = text.trim()
  if (type === 'number') return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text
  if (type === 'boolean') return /^(true|1|yes)$/i.test(trimmed) ? true : /^(false|0|no)$/i.test(trimmed) ? false : text
  if (type.endsWith('[]') && !trimmed.startsWith('['))
    return trimmed
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  if (/^(record|object|custom|union)|\[\]$/.test(type) && /^[[{]/.test(trimmed)) {
    try {
      return JSON.parse(trimmed)
    } catch (error) {
      throw new ConfigError([`${key.path.join('.')}: ${source} is not valid JSON (${(error as Error).message})`])
    }
  }
  return text
}

/** `caip2=url,caip2=url` (a chain repeated for fallbacks) into rpcUrls. */
function rpcPairs(entries: string[], source: string): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const entry of entries) {
    const [chain = '', url = ''] = entry.trim().split(/=(.*)/s, 2)
    if (!isCaip2(chain) || !/^(https?|wss?):\/\/\S+$/.test(url))
      throw new ConfigError([`rpcUrls: ${source} ${JSON.stringify(entry)}: expected <caip2>=<http url>, e.g. eip155:1=https://rpc.example`])
    ;(out[chain] ??= []).push(url)
  }
  return out
}

function smtpShorthand(value: string, source: string) {
  const match = /^([^:\s]+):(\d+)$/.exec(value.trim())
  if (!match) throw new ConfigError([`smtp: ${source} ${JSON.stringify(value)}: expected host:port`])
  return { host: match[1]!, port: Number(match[2]) }
}

const projectsFrom = (value: string, source: string) => (value.trim().startsWith('[') ? JSON.parse(value) : readJsonFile(value, `projects (${source})`))

function fromEnvironment(env: NodeJS.ProcessEnv): Tree {
  const out: Tree = {}
  if (env.PORTICO_SMTP) out.smtp = smtpShorthand(env.PORTICO_SMTP, 'PORTICO_SMTP')
  if (env.PORTICO_AUTH_SECRETS) {
    try {
      out.authSecrets = JSON.parse(env.PORTICO_AUTH_SECRETS)
    } catch (error) {
      throw new ConfigError([`authSecrets: PORTICO_AUTH_SECRETS is not valid JSON (${(error as Error).message})`])
    }
  }
  for (const key of configKeys(ServerConfigSchema)) {
    if (key.programmatic) continue
    const [name] = key.env
    let raw: string | undefined
    let source = ''
    const file = key.secret ? env[`${name}_FILE`] : undefined
    if (file) {
      try {
        raw = readFileSync(file, 'utf8').replace(/\r?\n$/, '')
      } catch (error) {
        throw new ConfigError([
          `${key.path.join('.')}: cannot read ${name}_FILE=${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        ])
      }
      source = `${name}_FILE`
    } else {
      const found = key.env.find((n) => env[n] !== undefined && env[n] !== '')
      if (found) [raw, source] = [env[found], found]
    }
    if (raw === undefined) continue
    if (key.path[0] === 'rpcUrls') out.rpcUrls = rpcPairs(raw.split(','), source)
    else if (key.path[0] === 'projects') out.projects = projectsFrom(raw, source)
    else setPath(out, key.path, coerce(key, raw, source))
  }
  return out
}

function fromFlags(flags: Map<string, string[]>): Tree {
  const out: Tree = {}
  const last = (name: string) => flags.get(name)?.at(-1)
  const keys = new Map(configKeys(ServerConfigSchema).map((k) => [k.path.join('.'), k]))
  const simple: Array<[string, string]> = [
    ['host', 'host'],
    ['port', 'port'],
    ['data-dir', 'dataDir'],
    ['database-url', 'databaseUrl'],
    ['redis-url', 'redisUrl'],
    ['public-url', 'publicUrl'],
    ['trust-proxy', 'trustProxy'],
    ['secure-frame-port', 'secureFrame.port'],
  ]
  for (const [flag, path] of simple) {
    const value = last(flag)
    if (value !== undefined) setPath(out, path.split('.'), coerce(keys.get(path)!, value, `--${flag}`))
  }
  if (flags.has('rpc')) out.rpcUrls = rpcPairs(flags.get('rpc')!, '--rpc')
  if (last('projects')) out.projects = projectsFrom(last('projects')!, '--projects')
  if (last('smtp')) out.smtp = smtpShorthand(last('smtp')!, '--smtp')
  return out
}

/**
 * The server's configuration from argv and the environment (see HELP for the order). Throws a
 * ConfigError naming each bad key and what was expected; prints help and exits on --help.
 */
export function loadConfig(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const args = parseArgs(argv)
  if (args.help) {
    console.log(HELP)
    process.exit(0)
  }
  const configFile = args.flags.get('config')?.at(-1) ?? env.PORTICO_CONFIG
  const file = configFile ? readJsonFile(configFile, `file --config`) : {}
  if (!isPlain(file)) throw new ConfigError([`file --config: ${configFile} must hold a JSON object`])
  const base: Tree = args.dev ? (structuredClone(DEV_CLI_DEFAULTS) as Tree) : { dataDir: '.data/server' }
  const envTree = fromEnvironment(env)
  const flagTree = fromFlags(args.flags)
  // Chains the file, environment or flags name replace the devnet's instead of adding to them.
  if (args.dev && (file.rpcUrls || envTree.rpcUrls || flagTree.rpcUrls)) delete base.rpcUrls
  const input = merge(merge(merge(base, file), envTree), flagTree)
  if (input.dataDir === 'memory') delete input.dataDir
  const parsed = ServerConfigSchema.safeParse(input)
  if (!parsed.success) throw new ConfigError(describeIssues(ServerConfigSchema, input, parsed.error.issues))
  const config = parsed.data as ServerConfig
  // Port 0: startServer fills it in once it listens.
  if (config.port !== 0) config.publicUrl ??= `http://${config.host}:${config.port}`
  if (!args.dev) {
    const problems = productionProblems(config, env)
    if (problems.length > 0) throw new ConfigError(problems)
  }
  // Every key present, so startServer's development defaults never fill a gap in a loaded config.
  for (const key of Object.keys(ServerConfigSchema.shape)) if (!(key in config)) (config as Record<string, unknown>)[key] = undefined
  return config
}
