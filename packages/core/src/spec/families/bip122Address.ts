// Bitcoin address syntax (SPEC §5 'Addresses and names'): base58check P2PKH/P2SH, bech32 (BIP-173)
// segwit v0 and bech32m (BIP-350) v1+, each against the network's prefixes. Self-contained (a small
// SHA-256 for the base58 checksum) so core takes on no dependency.

/** A network's address prefixes: the bech32 human-readable part and the base58 version bytes. */
export interface Bip122AddressParams {
  hrp: string
  p2pkh: number
  p2sh: number
}

const MAINNET: Bip122AddressParams = { hrp: 'bc', p2pkh: 0x00, p2sh: 0x05 }
const TESTNET: Bip122AddressParams = { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 }
const REGTEST: Bip122AddressParams = { hrp: 'bcrt', p2pkh: 0x6f, p2sh: 0xc4 }

/** By CAIP-2 reference (the first 32 hex characters of the genesis block hash). */
export const Bip122Networks: Readonly<Record<string, Bip122AddressParams>> = {
  '000000000019d6689c085ae165831e93': MAINNET,
  '000000000933ea01ad0ee984209779ba': TESTNET,
  '00000008819873e925422c1ff0f99f7c': TESTNET,
  '0f9188f13cb7b2c71f2a335e3a4fc328': REGTEST,
}

/** The prefixes of a bip122 network (by CAIP-2 id or reference); undefined for one the table lacks. */
export function bip122AddressParams(network: string | undefined): Bip122AddressParams | undefined {
  return network ? Bip122Networks[network.startsWith('bip122:') ? network.slice(7) : network] : undefined
}

/** The decoded address: its output kind, the witness version and program, or the base58 hash. */
export type Bip122Address =
  | { kind: 'p2pkh' | 'p2sh'; hash: Uint8Array; params: Bip122AddressParams[] }
  | { kind: 'witness'; version: number; program: Uint8Array; hrp: string }

/**
 * Whether `address` is a Bitcoin address of the network (any known network when none is given,
 * or when the network is not in the table).
 */
export function isBip122Address(address: string, network?: string): boolean {
  const decoded = decodeBip122Address(address)
  if (!decoded) return false
  const params = bip122AddressParams(network)
  const candidates = params ? [params] : [MAINNET, TESTNET, REGTEST]
  if (decoded.kind === 'witness') return candidates.some((p) => p.hrp === decoded.hrp)
  return candidates.some((p) => decoded.params.includes(p))
}

export function decodeBip122Address(address: string): Bip122Address | undefined {
  return decodeSegwit(address) ?? decodeBase58Check(address)
}

// --- bech32 / bech32m ---
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BECH32M = 0x2bc830a3
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

function polymod(values: number[]): number {
  let chk = 1
  for (const value of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ value
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i]!
  }
  return chk >>> 0
}

function decodeSegwit(input: string): Bip122Address | undefined {
  if (input.length > 90 || (input !== input.toLowerCase() && input !== input.toUpperCase())) return undefined
  const address = input.toLowerCase()
  const separator = address.lastIndexOf('1')
  if (separator < 1 || separator + 7 > address.length) return undefined
  const hrp = address.slice(0, separator)
  const data: number[] = []
  for (const char of address.slice(separator + 1)) {
    const value = CHARSET.indexOf(char)
    if (value < 0) return undefined
    data.push(value)
  }
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)]
  const check = polymod([...expanded, ...data])
  const version = data[0]!
  if (version > 16 || check !== (version === 0 ? 1 : BECH32M)) return undefined
  const program = convertBits(data.slice(1, -6))
  if (!program || program.length < 2 || program.length > 40) return undefined
  if (version === 0 && program.length !== 20 && program.length !== 32) return undefined
  return { kind: 'witness', version, program, hrp }
}

/** 5-bit groups to bytes; undefined when the padding is not zeros of less than 5 bits. */
function convertBits(data: number[]): Uint8Array | undefined {
  let acc = 0
  let bits = 0
  const out: number[] = []
  for (const value of data) {
    acc = (acc << 5) | value
    bits += 5
    while (bits >= 8) {
      bits -= 8
      out.push((acc >> bits) & 0xff)
    }
  }
  if (bits >= 5 || ((acc << (8 - bits)) & 0xff) !== 0) return undefined
  return Uint8Array.from(out)
}

// --- base58check ---
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function decodeBase58Check(address: string): Bip122Address | undefined {
  if (address.length < 26 || address.length > 35) return undefined
  let value = 0n
  for (const char of address) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  for (const char of address) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  if (bytes.length !== 25) return undefined
  const payload = Uint8Array.from(bytes.slice(0, 21))
  const checksum = sha256(sha256(payload))
  if (bytes.slice(21).some((b, i) => b !== checksum[i])) return undefined
  const version = payload[0]!
  const all = [MAINNET, TESTNET, REGTEST]
  const p2pkh = all.filter((p) => p.p2pkh === version)
  const p2sh = all.filter((p) => p.p2sh === version)
  if (p2pkh.length) return { kind: 'p2pkh', hash: payload.slice(1), params: p2pkh }
  if (p2sh.length) return { kind: 'p2sh', hash: payload.slice(1), params: p2sh }
  return undefined
}

const K = /* @__PURE__ */ (() => {
  const primes: number[] = []
  for (let n = 2; primes.length < 64; n++) if (primes.every((p) => n % p !== 0)) primes.push(n)
  return Uint32Array.from(primes.map((p) => Math.floor((Math.cbrt(p) % 1) * 2 ** 32)))
})()
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]

/** SHA-256 (FIPS 180-4), for the 21-byte base58check payloads and their 32-byte hashes. */
export function sha256(message: Uint8Array): Uint8Array {
  const length = Math.ceil((message.length + 9) / 64) * 64
  const padded = new Uint8Array(length)
  padded.set(message)
  padded[message.length] = 0x80
  new DataView(padded.buffer).setUint32(length - 4, message.length * 8)
  const h = [...H0]
  const w = new Uint32Array(64)
  const view = new DataView(padded.buffer)
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n))
  for (let offset = 0; offset < length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4)
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15]!, 7) ^ rotr(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3)
      const s1 = rotr(w[i - 2]!, 17) ^ rotr(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10)
      w[i] = w[i - 16]! + s0 + w[i - 7]! + s1
    }
    let [a, b, c, d, e, f, g, hh] = h as [number, number, number, number, number, number, number, number]
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0
      hh = g
      g = f
      f = e
      e = (d + t1) | 0
      d = c
      c = b
      b = a
      a = (t1 + t2) | 0
    }
    const next = [a, b, c, d, e, f, g, hh]
    for (let i = 0; i < 8; i++) h[i] = (h[i]! + next[i]!) | 0
  }
  const out = new Uint8Array(32)
  const outView = new DataView(out.buffer)
  h.forEach((word, i) => outView.setUint32(i * 4, word >>> 0))
  return out
}
