// The encodings of WalletConnect's Solana RPC: base58 for messages, public keys and signatures,
// base64 for wire transactions. Small and dependency-free, so the WalletConnect chunk stays lean.

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]))

export function toBase58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  const digits: number[] = []
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! << 8
      digits[j] = carry % 58
      carry = (carry / 58) | 0
    }
    while (carry) {
      digits.push(carry % 58)
      carry = (carry / 58) | 0
    }
  }
  return (
    '1'.repeat(zeros) +
    digits
      .reverse()
      .map((d) => ALPHABET[d])
      .join('')
  )
}

export function fromBase58(text: string): Uint8Array {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  const bytes: number[] = []
  for (let i = zeros; i < text.length; i++) {
    let carry = INDEX.get(text[i]!)
    if (carry === undefined) throw new Error(`Not base58: '${text[i]}'`)
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    while (carry) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  return new Uint8Array([...new Array<number>(zeros).fill(0), ...bytes.reverse()])
}

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

export function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
}

/** A compact-u16 (Solana's shortvec) at `offset`: its value and the bytes it took. */
function shortVec(bytes: Uint8Array, offset: number): [value: number, size: number] {
  let value = 0
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size]!
    value |= (byte & 0x7f) << (7 * size)
    if (!(byte & 0x80)) return [value, size + 1]
  }
  throw new Error('Malformed compact-u16')
}

/**
 * Puts one signer's signature into a wire transaction (legacy or v0): wallets that answer
 * solana_signTransaction with only `signature` (the older form of the RPC) leave this to the dapp.
 */
export function withSignature(wire: Uint8Array, publicKey: Uint8Array, signature: Uint8Array): Uint8Array {
  const [count, countSize] = shortVec(wire, 0)
  const messageStart = countSize + 64 * count
  // A versioned message starts with 0x80 | version; a legacy one with its header.
  const header = wire[messageStart]! & 0x80 ? messageStart + 1 : messageStart
  const required = wire[header]!
  const [, keysSize] = shortVec(wire, header + 3)
  const keysStart = header + 3 + keysSize
  for (let i = 0; i < Math.min(required, count); i++) {
    const key = wire.subarray(keysStart + 32 * i, keysStart + 32 * (i + 1))
    if (key.every((b, j) => b === publicKey[j])) {
      const signed = wire.slice()
      signed.set(signature, countSize + 64 * i)
      return signed
    }
  }
  throw new Error('The account is not a signer of this transaction')
}
