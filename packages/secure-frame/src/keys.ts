import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { base64 } from '@scure/base'
import { hmac } from '@noble/hashes/hmac'
import { sha256, sha512 } from '@noble/hashes/sha2'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'
import { combine, split } from 'shamir-secret-sharing'

/**
 * Key material of the embedded wallet. Runs only in the secure frame (and in tests): 16 bytes of
 * entropy → BIP-39 mnemonic → seed, from which each chain family derives its own key and address
 * (families/<namespace>.ts: eip155 m/44'/60'/0'/0/0 by BIP-32, solana m/44'/501'/0'/0' by SLIP-10).
 * The entropy is the secret that is split into shares.
 */

/** One chain family's key: its derivation from the wallet's BIP-39 seed, and its address. */
export interface KeyFamily {
  derive(seed: Uint8Array): { secretKey: Uint8Array; address: string }
  /** The address on a given chain, where it depends on the network (bip122: its bech32 prefix and coin type). */
  addressOn?(secretKey: Uint8Array, chainId: string): string | undefined
  /** Whether two addresses are one (eip155: case-insensitive); exact when absent. */
  sameAddress?(a: string, b: string): boolean
}

/** The families whose keys the wallet holds, by CAIP-2 namespace. */
export type KeyFamilies = Readonly<Record<string, KeyFamily>>

export interface DerivedKeys {
  /** Each family's secret key, by CAIP-2 namespace. */
  secretKeys: Record<string, Uint8Array>
  /** Each family's address, by CAIP-2 namespace (what the server stores and the host may know). */
  addresses: Record<string, string>
}

export function newEntropy(): Uint8Array {
  const entropy = new Uint8Array(16)
  globalThis.crypto.getRandomValues(entropy)
  return entropy
}

/** SLIP-10 for ed25519 (hardened steps only). */
export function slip10Ed25519(seed: Uint8Array, path: number[]): Uint8Array {
  let I = hmac(sha512, utf8ToBytes('ed25519 seed'), seed)
  let key = I.slice(0, 32)
  let chain = I.slice(32)
  for (const index of path) {
    const data = new Uint8Array(37)
    data.set(key, 1)
    new DataView(data.buffer).setUint32(33, (index | 0x80000000) >>> 0)
    I = hmac(sha512, chain, data)
    key = I.slice(0, 32)
    chain = I.slice(32)
  }
  return key
}

export function deriveKeys(entropy: Uint8Array, families: KeyFamilies): DerivedKeys {
  const seed = mnemonicToSeedSync(entropyToMnemonic(entropy, wordlist))
  const keys: DerivedKeys = { secretKeys: {}, addresses: {} }
  for (const [namespace, family] of Object.entries(families)) {
    const { secretKey, address } = family.derive(seed)
    keys.secretKeys[namespace] = secretKey
    keys.addresses[namespace] = address
  }
  return keys
}

/** What the server stores to check a combined secret against (the secret itself stays unknown). */
export function secretHash(entropy: Uint8Array): string {
  const tag = utf8ToBytes('portico-wallet-secret:v1:')
  const data = new Uint8Array(tag.length + entropy.length)
  data.set(tag)
  data.set(entropy, tag.length)
  return bytesToHex(sha256(data))
}

/** A 2-of-2 Shamir split: [device or first share, server share], base64. */
export async function splitPair(entropy: Uint8Array): Promise<[string, string]> {
  const [a, b] = await split(entropy, 2, 2)
  return [base64.encode(a!), base64.encode(b!)]
}

/**
 * Combines a pair and checks the result against the server's hash and addresses (shamir does not
 * detect a corrupted share by itself).
 */
export async function combinePair(
  shares: [string, string],
  expected: { secretHash: string; addresses: Record<string, string> },
  families: KeyFamilies,
): Promise<{ entropy: Uint8Array; keys: DerivedKeys }> {
  const entropy = await combine(shares.map((s) => base64.decode(s)))
  if (entropy.length !== 16 || secretHash(entropy) !== expected.secretHash) throw new Error('Key shares do not match this wallet')
  const keys = deriveKeys(entropy, families)
  // Every address the server stored must be this secret's; a family added since the wallet was made has none stored.
  const stored = Object.entries(families).filter(([namespace]) => typeof expected.addresses[namespace] === 'string')
  const same = ([namespace, family]: [string, KeyFamily]) =>
    (family.sameAddress ?? ((a: string, b: string) => a === b))(keys.addresses[namespace]!, expected.addresses[namespace]!)
  if (stored.length === 0 || !stored.every(same)) throw new Error('Key shares do not match this wallet')
  return { entropy, keys }
}
