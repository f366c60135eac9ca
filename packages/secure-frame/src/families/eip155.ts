import { bytesToHex } from '@noble/hashes/utils'
import { HDKey } from '@scure/bip32'
import { privateKeyToAddress } from 'viem/accounts'
import type { DerivedKeys, KeyFamily } from '../keys.js'

/** The eip155 key: BIP-32 m/44'/60'/0'/0/0 (secp256k1); the address is the checksummed keccak of its public key. */
export const EVM_PATH = "m/44'/60'/0'/0/0"

export const eip155Keys: KeyFamily = {
  derive(seed) {
    const secretKey = HDKey.fromMasterSeed(seed).derive(EVM_PATH).privateKey
    if (!secretKey) throw new Error('derivation failed')
    return { secretKey, address: privateKeyToAddress(`0x${bytesToHex(secretKey)}`) }
  },
  sameAddress: (a, b) => a.toLowerCase() === b.toLowerCase(),
}

/** The eip155 key as viem takes it (0x hex). */
export const evmPrivateKey = (keys: Pick<DerivedKeys, 'secretKeys'>): `0x${string}` => `0x${bytesToHex(keys.secretKeys.eip155!)}`
