import { isIP } from 'node:net'

/*
 * Which addresses are internal (safeFetch.ts refuses them): loopback, private, link-local, multicast, reserved,
 * cloud metadata, and the IPv6 forms that reach an internal IPv4 address (mapped, translated, NAT64, 6to4).
 */

export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'multicast' | 'metadata' | 'reserved' | 'invalid'

const METADATA_ADDRESSES = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean…
  '169.254.170.2', // AWS ECS task credentials
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud
  '168.63.129.16', // Azure wire server (a public-looking address)
  'fd00:ec2::254', // AWS over IPv6
])

/** Names that are internal whatever they resolve to. A dotless name goes through resolver search domains. */
export function isForbiddenHostname(name: string): boolean {
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
