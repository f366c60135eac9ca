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
import { classifyAddress, isForbiddenHostname } from './addressClass.js'

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
