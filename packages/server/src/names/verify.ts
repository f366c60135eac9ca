import { hashMessage, isHex, verifyMessage, type Address, type Hex, type PublicClient } from 'viem'

/** EIP-1271: the value `isValidSignature` returns for a valid signature. */
export const EIP1271_MAGIC_VALUE = '0x1626ba7e'

export const eip1271Abi = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: 'magicValue', type: 'bytes4' }],
  },
] as const

export type VerifyOutcome = { valid: true; method: 'eoa' | 'eip1271' | 'erc6492' } | { valid: false; reason: string }

/** ERC-6492: the suffix of a signature by a smart account that is not deployed yet (factory call + inner signature). */
const ERC6492_SUFFIX = '6492649264926492649264926492649264926492649264926492649264926492'

/**
 * Verifies an EIP-191 personal-sign signature of `message` by `address`: first as an EOA
 * signature (ecrecover), then, when the address holds code on the chain `client` reads, through
 * the contract's EIP-1271 `isValidSignature`; an ERC-6492 signature of a smart account not deployed yet is
 * checked against its counterfactual deployment.
 */
export async function verifyPersonalSignature(opts: {
  address: Address
  message: string
  signature: Hex
  client: PublicClient | undefined
  chainLabel: string
}): Promise<VerifyOutcome> {
  const { address, message, signature, client, chainLabel } = opts
  if (!isHex(signature) || signature.length % 2 !== 0) return { valid: false, reason: 'The signature must be 0x-prefixed hex' }
  try {
    if (await verifyMessage({ address, message, signature })) return { valid: true, method: 'eoa' }
  } catch {
    // Not a 65-byte ECDSA signature: maybe a contract account's signature.
  }
  if (!client)
    return {
      valid: false,
      reason: `The signature does not match ${address}, and contract accounts cannot be checked because this server has no RPC for ${chainLabel}`,
    }
  let code: Hex | undefined
  try {
    code = await client.getCode({ address })
  } catch {
    return { valid: false, reason: `Could not reach ${chainLabel} to check a contract-account signature; try again later` }
  }
  if (!code || code === '0x') {
    // A smart account not deployed yet (ERC-6492): viem's check simulates the deployment, then asks EIP-1271.
    if (signature.endsWith(ERC6492_SUFFIX) && (await client.verifyMessage({ address, message, signature }).catch(() => false)))
      return { valid: true, method: 'erc6492' }
    return { valid: false, reason: `The signature does not match ${address} for this message` }
  }
  try {
    const result = await client.readContract({
      address,
      abi: eip1271Abi,
      functionName: 'isValidSignature',
      args: [hashMessage(message), signature],
    })
    if (result.toLowerCase() === EIP1271_MAGIC_VALUE) return { valid: true, method: 'eip1271' }
  } catch {
    // A revert means "not valid".
  }
  return { valid: false, reason: `The contract account ${address} on ${chainLabel} rejected the signature (EIP-1271)` }
}
