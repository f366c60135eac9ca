import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { BlockList, isIP } from 'node:net'

/** The proxies whose X-Forwarded-For is believed (config.trustProxy, CIDRs or single addresses). */
export function trustedProxies(cidrs: readonly string[]): BlockList {
  const list = new BlockList()
  for (const entry of cidrs) {
    const [address = '', bits] = entry.trim().split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (!isIP(address)) throw new Error(`trustProxy: '${entry}' is not an IP address or CIDR`)
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return list
}

function normalize(address: string): string {
  const a = address.trim().replace(/^\[|\]$/g, '')
  return a.startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a
}

function isTrusted(list: BlockList, address: string): boolean {
  const type = isIP(address)
  return type !== 0 && list.check(address, type === 6 ? 'ipv6' : 'ipv4')
}

/**
 * The client's address: the socket's, unless that peer is a trusted proxy; then X-Forwarded-For is
 * walked right to left through trusted hops, and the first untrusted (or the leftmost) one is the client.
 */
export function resolveClientIp(socketAddress: string, forwardedFor: string | undefined, trusted: BlockList): string {
  let client = normalize(socketAddress)
  if (!forwardedFor || !isTrusted(trusted, client)) return client
  const hops = forwardedFor.split(',').map(normalize).filter(Boolean)
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string
    if (!isIP(hop)) return client // a garbled entry: stop at the last address a trusted hop vouched for
    client = hop
    if (!isTrusted(trusted, hop)) return client
  }
  return client
}

/** The rate-limit bucket for an address: an IPv4 address, or an IPv6 address's /64 (one subscriber). */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  if (right.at(-1)?.includes('.')) right.splice(-1, 1, '0', '0') // an embedded IPv4 tail is two groups
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`
}

/** The socket's address ('unknown' when the adapter cannot tell). */
export function socketIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** The caller's address: as resolved through trusted proxies by the app's first middleware, else the socket's. */
export function clientIp(c: Context): string {
  // c.get, not c.var: Hono builds c.var as a new object from every variable on each read.
  return ((c.get as (key: string) => unknown)('clientIp') as string | undefined) ?? socketIp(c)
}
