/**
 * Outbound HTTP for URLs that someone else chose (an NFT's tokenURI): the server must not become a
 * proxy into its own network. Each hop's host is resolved here, refused if ANY of its addresses is
 * loopback, private, link-local, multicast, reserved or a cloud metadata address, and the socket
 * connects to the vetted address only (a pinned lookup, so a second DNS answer cannot rebind it).
 * Redirects are followed by hand and re-vetted; bodies and time are capped.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'

export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'multicast' | 'metadata' | 'reserved' | 'invalid'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

export interface SafeFetchOptions {
  /**
   * Exact origins (`http://127.0.0.1:8547`) fetched even when they resolve to a refused address: the
   * devnet's NFT fixtures in development and tests. Only that scheme, host and port; redirects away
   * from it are vetted as usual.
   */
  allowOrigins?: readonly string[]
  /** Base URL that `ipfs://<cid>/<path>` is rewritten onto (`https://gateway.example/ipfs/`); ipfs:// is refused without one. */
  ipfsGateway?: string
  /** Body cap in bytes (default 256 KiB): a longer body is cut and the fetch fails. */
  maxBytes?: number
  /** Deadline for the whole fetch, every hop, DNS and body included (default 5 s). */
  timeoutMs?: number
  /** Redirects followed (default 3). */
  maxRedirects?: number
  accept?: string
  /** DNS resolution of a host name to all its addresses (default node:dns lookup with all: true; tests inject one). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>
}

export interface SafeFetchResponse {
  status: number
  /** The URL of the final hop. */
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

export type SafeFetchErrorCode = 'unsupported-url' | 'forbidden-address' | 'dns' | 'too-many-redirects' | 'too-large' | 'timeout' | 'network'

export class SafeFetchError extends Error {
  override name = 'SafeFetchError'
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

const DEFAULTS = { maxBytes: 256 * 1024, timeoutMs: 5_000, maxRedirects: 3 }
const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** GET `url` (http, https, or ipfs through the configured gateway) under the rules above. Throws SafeFetchError. */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects
  const allowOrigins = new Set((options.allowOrigins ?? []).map((o) => new URL(o).origin))
  const resolve = options.resolve ?? resolveAll
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULTS.timeoutMs)
  const { signal } = controller
  try {
    let current = outboundUrl(url, { ipfsGateway: options.ipfsGateway })
    for (let redirects = 0; ; redirects++) {
      const target = await vet(current, allowOrigins, resolve, signal)
      const res = await request(current, target, options.accept ?? 'application/json', signal)
      const location = res.headers.location
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.destroy()
        if (redirects >= maxRedirects) throw new SafeFetchError('too-many-redirects', `more than ${maxRedirects} redirects`)
        current = outboundUrl(location, { base: current })
        continue
      }
      const body = await readCapped(res, maxBytes)
      return { status: res.statusCode ?? 0, url: current.href, headers: res.headers, body }
    }
  } catch (error) {
    if (signal.aborted) throw new SafeFetchError('timeout', `no complete answer within ${options.timeoutMs ?? DEFAULTS.timeoutMs} ms`, { cause: error })
    if (error instanceof SafeFetchError) throw error
    throw new SafeFetchError('network', error instanceof Error ? error.message : String(error), { cause: error })
  } finally {
    clearTimeout(timer)
  }
}

/**
 * http(s) URLs as they are, ipfs:// onto the gateway (not in a redirect, which has a base); anything
 * else (file:, data:, gopher:, credentials in the URL) is refused. `base` resolves a relative Location.
 */
function outboundUrl(raw: string, { ipfsGateway, base }: { ipfsGateway?: string; base?: URL }): URL {
  const ipfs = !base && raw.startsWith('ipfs://') ? ipfsGatewayUrl(raw, ipfsGateway) : undefined
  let url: URL
  try {
    url = new URL(ipfs ?? raw, base)
  } catch {
    throw new SafeFetchError('unsupported-url', 'not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('unsupported-url', `scheme ${url.protocol} is not fetched`)
  if (url.username || url.password) throw new SafeFetchError('unsupported-url', 'URLs with credentials are not fetched')
  return url
}

/** `ipfs://<cid>/<path>` (or `ipfs://ipfs/<cid>/…`) under the gateway's base URL. */
export function ipfsGatewayUrl(uri: string, gateway: string | undefined): string {
  if (!gateway) throw new SafeFetchError('unsupported-url', 'ipfs:// needs a configured IPFS gateway')
  const rest = uri.slice('ipfs://'.length).replace(/^ipfs\//, '')
  if (!/^[A-Za-z0-9]+(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]*)*$/.test(rest) || rest.split('/').some((s) => s === '..' || s === '.')) {
    throw new SafeFetchError('unsupported-url', 'not an ipfs://<cid>/<path> URI')
  }
  return `${gateway.replace(/\/+$/, '')}/${rest}`
}

/** The address this hop may connect to, or SafeFetchError('forbidden-address'). */
async function vet(url: URL, allowOrigins: Set<string>, resolve: (host: string) => Promise<ResolvedAddress[]>, signal: AbortSignal): Promise<ResolvedAddress> {
  const allowed = allowOrigins.has(url.origin)
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const literal = isIP(host)
  if (literal) {
    const kind = classifyAddress(host)
    if (!allowed && kind !== 'public') throw new SafeFetchError('forbidden-address', `${host} is ${kind}`)
    return { address: host, family: literal as 4 | 6 }
  }
  const name = host.toLowerCase().replace(/\.$/, '')
  if (!allowed && isForbiddenHostname(name)) throw new SafeFetchError('forbidden-address', `host ${name} is internal`)
  let addresses: ResolvedAddress[]
  try {
    addresses = await abortable(resolve(name), signal)
  } catch (error) {
    if (signal.aborted) throw error
    throw new SafeFetchError('dns', `cannot resolve ${name}`, { cause: error })
  }
  if (!addresses.length) throw new SafeFetchError('dns', `${name} has no address`)
  if (!allowed) {
    for (const { address } of addresses) {
      const kind = classifyAddress(address)
      if (kind !== 'public') throw new SafeFetchError('forbidden-address', `${name} resolves to ${address} (${kind})`)
    }
  }
  return addresses[0]!
}

function resolveAll(hostname: string): Promise<ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true }) as Promise<ResolvedAddress[]>
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** One GET whose socket can only reach `target`: the lookup answers with the vetted address, never asking DNS again. */
function request(url: URL, target: ResolvedAddress, accept: string, signal: AbortSignal): Promise<IncomingMessage> {
  const pinned = ((_hostname: string, options: { all?: boolean } | ((...args: unknown[]) => void), callback?: (...args: unknown[]) => void) => {
    const done = (typeof options === 'function' ? options : callback)!
    if (typeof options === 'object' && options.all) done(null, [target])
    else done(null, target.address, target.family)
  }) as LookupFunction
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      agent: false,
      lookup: pinned,
      signal,
      headers: { accept, 'accept-encoding': 'identity', 'user-agent': 'portico-server' },
    })
    req.once('response', resolve)
    req.once('error', reject)
    req.end()
  })
}

async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new SafeFetchError('too-large', `body over ${maxBytes} bytes`)
  if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
    res.destroy()
    throw tooLarge()
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.byteLength
    if (size > maxBytes) {
      res.destroy()
      throw tooLarge()
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

// --- Which addresses are internal ------------------------------------------------------------

const METADATA_ADDRESSES = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean…
  '169.254.170.2', // AWS ECS task credentials
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud
  '168.63.129.16', // Azure wire server (a public-looking address)
  'fd00:ec2::254', // AWS over IPv6
])

/** Names that are internal whatever they resolve to. A dotless name goes through resolver search domains. */
function isForbiddenHostname(name: string): boolean {
  return !name.includes('.') || name === 'metadata.google.internal' || name === 'metadata.goog' || /(^|\.)(localhost|internal|local|home\.arpa)$/.test(name)
}

/** What kind of address `ip` (an IPv4 or IPv6 literal, with or without brackets) is; only 'public' is fetched. */
export function classifyAddress(ip: string): AddressClass {
  const text = ip
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
    .toLowerCase()
  const family = isIP(text)
  if (family === 4) return classifyV4(ipv4ToInt(text))
  if (family === 6) return classifyV6(ipv6Groups(text))
  return 'invalid'
}

function ipv4ToInt(text: string): number {
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0)
}

function intToIpv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.')
}

const inV4 = (n: number, base: string, bits: number) => bits === 0 || n >>> (32 - bits) === ipv4ToInt(base) >>> (32 - bits)

function classifyV4(n: number): AddressClass {
  if (METADATA_ADDRESSES.has(intToIpv4(n))) return 'metadata'
  if (inV4(n, '0.0.0.0', 8)) return 'unspecified'
  if (inV4(n, '127.0.0.0', 8)) return 'loopback'
  if (inV4(n, '10.0.0.0', 8) || inV4(n, '172.16.0.0', 12) || inV4(n, '192.168.0.0', 16) || inV4(n, '100.64.0.0', 10)) return 'private'
  if (inV4(n, '169.254.0.0', 16)) return 'link-local'
  if (inV4(n, '224.0.0.0', 4)) return 'multicast'
  const reserved: Array<[string, number]> = [
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.0.2.0', 24], // documentation
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['192.88.99.0', 24], // 6to4 relay anycast
    ['198.18.0.0', 15], // benchmarking
    ['240.0.0.0', 4], // reserved, broadcast
  ]
  return reserved.some(([base, bits]) => inV4(n, base, bits)) ? 'reserved' : 'public'
}

/** Eight 16-bit groups of a valid IPv6 literal (a trailing dotted quad included). */
function ipv6Groups(text: string): number[] {
  let s = text
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(s)
  if (quad) {
    const n = ipv4ToInt(quad[1]!)
    s = `${s.slice(0, quad.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`
  }
  const [head, tail] = s.split('::') as [string, string | undefined]
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : [])
  const front = parse(head)
  const back = parse(tail)
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back]
}

function classifyV6(g: number[]): AddressClass {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
  const v4 = (hi: number, lo: number) => ((g[hi]! << 16) | g[lo]!) >>> 0
  const text = g.map((x) => x.toString(16)).join(':')
  if (text === 'fd00:ec2:0:0:0:0:0:254') return 'metadata'
  if (zeros(0, 8)) return 'unspecified'
  if (zeros(0, 7) && g[7] === 1) return 'loopback'
  // IPv4-mapped ::ffff:a.b.c.d, and the IPv4-translated ::ffff:0:a.b.c.d: the IPv4 address decides.
  if (zeros(0, 5) && g[5] === 0xffff) return classifyV4(v4(6, 7))
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return classifyV4(v4(6, 7))
  // Deprecated IPv4-compatible ::a.b.c.d: never public, but say what it points at.
  if (zeros(0, 6)) return internalOr(classifyV4(v4(6, 7)), 'reserved')
  // NAT64 well-known prefix 64:ff9b::/96 and 6to4 2002::/16 reach the embedded IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return classifyV4(v4(6, 7))
  if (g[0] === 0x2002) return classifyV4(v4(1, 2))
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private' // local-use NAT64
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private' // unique local fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local'
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private' // deprecated site-local
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast'
  if (g[0] === 0x2001 && g[1]! < 0x200) return 'reserved' // 2001::/23 IETF protocol assignments (Teredo included)
  if (g[0] === 0x2001 && g[1] === 0xdb8) return 'reserved' // documentation
  if (g[0] === 0x3fff && g[1]! < 0x1000) return 'reserved' // documentation 3fff::/20
  // Everything else outside global unicast 2000::/3 (100::/64 discard included) is not routable.
  return (g[0]! & 0xe000) === 0x2000 ? 'public' : 'reserved'
}

function internalOr(kind: AddressClass, fallback: AddressClass): AddressClass {
  return kind === 'public' ? fallback : kind
}
