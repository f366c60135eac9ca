/**
 * Dev keys: the local chain's funded accounts (public keys, development only) or any base58
 * 64-byte keypair. Addresses are known at once; the WebCrypto key is imported on first use.
 */
import { SOLANA_DEV_ACCOUNTS } from '@portico/devnet/solana-constants'
import { createKeyPairFromBytes, getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { invalidInput } from './errors'

export interface DevKey {
  address: string
  publicKey: Uint8Array
  secretKey: string
  /** Index among the dev accounts, if it is one. */
  index?: number
  label: string
  keyPair(): Promise<CryptoKeyPair>
}

const base58 = getBase58Encoder()
const cache = new Map<string, DevKey>()

/** A dev account by index (0..4), or a base58 64-byte secret key. */
export function devKey(account: number | string): DevKey {
  const index = typeof account === 'number' ? account : SOLANA_DEV_ACCOUNTS.findIndex((a) => a.secretKey === account)
  const secretKey = typeof account === 'number' ? SOLANA_DEV_ACCOUNTS[account]?.secretKey : account
  if (!secretKey) throw invalidInput(`No dev account ${account} (there are ${SOLANA_DEV_ACCOUNTS.length}).`)
  const cached = cache.get(secretKey)
  if (cached) return cached

  const bytes = new Uint8Array(base58.encode(secretKey))
  if (bytes.length !== 64) throw invalidInput('A secret key is 64 bytes (seed then public key) in base58.')
  const publicKey = bytes.slice(32)
  let imported: Promise<CryptoKeyPair> | undefined
  const key: DevKey = {
    address: SOLANA_DEV_ACCOUNTS[index]?.address ?? toBase58(publicKey),
    publicKey,
    secretKey,
    ...(index >= 0 ? { index } : {}),
    label: index >= 0 ? `Dev account ${index}` : 'Imported account',
    // createKeyPairFromBytes checks that the public half matches the seed.
    keyPair: () => (imported ??= createKeyPairFromBytes(bytes)),
  }
  cache.set(secretKey, key)
  return key
}

export const devAccountAddresses = () => SOLANA_DEV_ACCOUNTS.map((a) => a.address)

export const toBase58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
