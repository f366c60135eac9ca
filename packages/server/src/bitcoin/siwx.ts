import type { SiwxSignature } from '../chain/family.js'
import { verifyBip322Simple } from './bip322.js'
import { bitcoinNetwork, decodeAddress } from './networks.js'
import { isSignedMessageSignature, verifySignedMessage } from './signedMessage.js'

/**
 * CAIP-122 on bip122: `signature` (base64) is either a legacy "Bitcoin Signed Message" (P2PKH, and
 * wallets that offer only ECDSA message signing for their segwit address) or a BIP-322 simple
 * signature (P2WPKH, P2TR key path), by the key of `address` on `chainId`'s network. Never throws.
 */
export function verifyBitcoinSiwx({ chainId, address, message, signature }: SiwxSignature): boolean {
  const decoded = decodeAddress(address, bitcoinNetwork(chainId))
  if (!decoded || signature.length > 2_000) return false
  if (isSignedMessageSignature(signature) && verifySignedMessage(decoded, message, signature)) return true
  return verifyBip322Simple(decoded, message, signature)
}
