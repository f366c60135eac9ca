import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { base58, base64 } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'
import { hmac } from '@noble/hashes/hmac'
import { sha256, sha512 } from '@noble/hashes/sha2'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'
import { combine, split } from 'shamir-secret-sharing'

/**
 * Key material of the embedded wallet. Runs only in the secure frame (and in tests): 16 bytes of
 * entropy → BIP-39 mnemonic → EVM m/44'/60'/0'/0/0 (BIP-32) and Solana m/44'/501'/0'/0'
 * (SLIP-10 ed25519). The entropy is the secret that is split into shares.
 */
export const EVM_PATH = "m/44'/60'/0'/0/0"
export const SOLANA_PATH = [44, 501, 0, 0] // all hardened

export interface DerivedKeys {
  evmPrivateKey: `0x${string}`
  solanaSecretKey: Uint8Array
  addresses: { eip155: `0x${string}`; solana: string }
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

/** The EVM address of a secp256k1 private key (keccak of the uncompressed public key). */
export type EvmAddressOf = (privateKey: `0x${string}`) => `0x${string}`

export function deriveKeys(entropy: Uint8Array, evmAddressOf: EvmAddressOf): DerivedKeys {
  const mnemonic = entropyToMnemonic(entropy, wordlist)
  const seed = mnemonicToSeedSync(mnemonic)
  const evm = HDKey.fromMasterSeed(seed).derive(EVM_PATH)
  if (!evm.privateKey) throw new Error('derivation failed')
  const evmPrivateKey = `0x${bytesToHex(evm.privateKey)}` as const
  const solanaSecretKey = slip10Ed25519(seed, SOLANA_PATH)
  return {
    evmPrivateKey,
    solanaSecretKey,
    addresses: { eip155: evmAddressOf(evmPrivateKey), solana: base58.encode(ed25519.getPublicKey(solanaSecretKey)) },
  }
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
  evmAddressOf: EvmAddressOf,
): Promise<{ entropy: Uint8Array; keys: DerivedKeys }> {
  const entropy = await combine(shares.map((s) => base64.decode(s)))
  if (entropy.length !== 16 || secretHash(entropy) !== expected.secretHash) throw new Error('Key shares do not match this wallet')
  const keys = deriveKeys(entropy, evmAddressOf)
  if (
    keys.addresses.eip155.toLowerCase() !== expected.addresses.eip155?.toLowerCase() ||
    (expected.addresses.solana && keys.addresses.solana !== expected.addresses.solana)
  )
    throw new Error('Key shares do not match this wallet')
  return { entropy, keys }
}
