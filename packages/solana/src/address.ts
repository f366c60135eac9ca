const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** A Solana address: base58 that decodes to exactly 32 bytes (an ed25519 public key or a program-derived address). */
export function isSolanaAddress(value: string): boolean {
  if (!BASE58.test(value)) return false
  let n = 0n
  for (const char of value) n = n * 58n + BigInt(ALPHABET.indexOf(char))
  const leadingZeros = value.match(/^1*/)![0].length
  const bytes = n === 0n ? 0 : Math.ceil(n.toString(16).length / 2)
  return leadingZeros + bytes === 32
}
