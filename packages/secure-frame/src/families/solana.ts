import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { slip10Ed25519, type KeyFamily } from '../keys.js'

/** The solana key: SLIP-10 ed25519 m/44'/501'/0'/0' (all hardened); the address is its base58 public key. */
export const SOLANA_PATH = [44, 501, 0, 0]

export const solanaKeys: KeyFamily = {
  derive(seed) {
    const secretKey = slip10Ed25519(seed, SOLANA_PATH)
    return { secretKey, address: base58.encode(ed25519.getPublicKey(secretKey)) }
  },
}
