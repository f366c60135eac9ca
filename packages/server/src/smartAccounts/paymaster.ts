import { z } from '@hono/zod-openapi'
import { concatHex, encodeAbiParameters, getAddress, keccak256, pad, toHex, type Address, type Hex } from 'viem'
import { getUserOperationHash } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * Gas sponsorship by a VerifyingPaymaster (@account-abstraction/contracts 0.7): the server signs, with the
 * paymaster's verifyingSigner key, the hash the contract's getHash computes over the UserOperation, its
 * paymaster gas limits, the chain, the paymaster and a validity window. paymasterData is
 * abi.encode(validUntil, validAfter) ‖ signature. Any change to the UserOperation after signing (calls, gas,
 * fees, sender, nonce, initCode) breaks the signature and the EntryPoint refuses it (AA34).
 */

const hex = (max: number) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]*$/, 'expected 0x hex')
    .max(max)
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected a 0x quantity')
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x address')

/** An ERC-4337 v0.7 UserOperation as JSON-RPC carries it (ERC-7677's first parameter). */
export const RpcUserOperationSchema = z.object({
  sender: address,
  nonce: quantity,
  factory: address.nullish(),
  factoryData: hex(20_000).nullish(),
  callData: hex(200_000),
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  paymasterVerificationGasLimit: quantity.nullish(),
  paymasterPostOpGasLimit: quantity.nullish(),
  signature: hex(4_000).nullish(),
})
export type RpcUserOperation = z.infer<typeof RpcUserOperationSchema>

/** What the paymaster's validation takes (the signature check and the deposit) and its postOp (none: no context). */
export const PAYMASTER_GAS = { verification: 75_000n, postOp: 0n } as const
/** A well-formed 65-byte signature (low s) for gas estimation: ECDSA.recover must not revert on it. */
const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

const packPair = (high: bigint, low: bigint): Hex => concatHex([pad(toHex(high), { size: 16 }), pad(toHex(low), { size: 16 })])

/** The VerifyingPaymaster's getHash, computed here (the paymaster test compares it with the contract's). */
export function sponsorshipHash(op: RpcUserOperation, p: { chainId: number; paymaster: Address; validUntil: number; validAfter: number }): Hex {
  const initCode = op.factory ? concatHex([op.factory as Hex, (op.factoryData ?? '0x') as Hex]) : '0x'
  const pmGas = packPair(BigInt(op.paymasterVerificationGasLimit ?? PAYMASTER_GAS.verification), BigInt(op.paymasterPostOpGasLimit ?? PAYMASTER_GAS.postOp))
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        getAddress(op.sender),
        BigInt(op.nonce),
        keccak256(initCode),
        keccak256(op.callData as Hex),
        packPair(BigInt(op.verificationGasLimit), BigInt(op.callGasLimit)),
        BigInt(pmGas),
        BigInt(op.preVerificationGas),
        packPair(BigInt(op.maxPriorityFeePerGas), BigInt(op.maxFeePerGas)),
        BigInt(p.chainId),
        p.paymaster,
        p.validUntil,
        p.validAfter,
      ],
    ),
  )
}

/** The most the UserOperation can cost: every gas limit at maxFeePerGas. */
export function maxCost(op: RpcUserOperation): bigint {
  const gas =
    BigInt(op.callGasLimit) +
    BigInt(op.verificationGasLimit) +
    BigInt(op.preVerificationGas) +
    BigInt(op.paymasterVerificationGasLimit ?? PAYMASTER_GAS.verification) +
    BigInt(op.paymasterPostOpGasLimit ?? PAYMASTER_GAS.postOp)
  return gas * BigInt(op.maxFeePerGas)
}

const validity = (validUntil: number, validAfter: number) => encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])

/** pm_getPaymasterStubData's answer: a signature-shaped placeholder and the paymaster's gas limits. */
export function stubData(paymaster: Address, validUntil: number, sponsorName: string) {
  return {
    paymaster,
    paymasterData: concatHex([validity(validUntil, 0), STUB_SIGNATURE]),
    paymasterVerificationGasLimit: toHex(PAYMASTER_GAS.verification),
    paymasterPostOpGasLimit: toHex(PAYMASTER_GAS.postOp),
    isFinal: false,
    sponsor: { name: sponsorName },
  }
}

/** The paymaster's signer, derived once per key (deriving the public key is most of a signature's cost). */
const signers = new Map<Hex, ReturnType<typeof privateKeyToAccount>>()
function signerOf(key: Hex) {
  let signer = signers.get(key)
  if (!signer) signers.set(key, (signer = privateKeyToAccount(key)))
  return signer
}

/** pm_getPaymasterData's answer: the real signature over this exact UserOperation. */
export async function signedData(op: RpcUserOperation, p: { chainId: number; paymaster: Address; signerKey: Hex; validUntil: number }) {
  const hash = sponsorshipHash(op, { ...p, validAfter: 0 })
  const signature = await signerOf(p.signerKey).signMessage({ message: { raw: hash } })
  return { paymaster: p.paymaster, paymasterData: concatHex([validity(p.validUntil, 0), signature]) }
}

/** The EntryPoint's userOpHash of the operation as it will run with this paymaster data (its UserOperationEvent's topic). */
export function userOpHashOf(op: RpcUserOperation, p: { chainId: number; entryPoint: Address; paymaster: Address; paymasterData: Hex }): Hex {
  return getUserOperationHash({
    chainId: p.chainId,
    entryPointAddress: p.entryPoint,
    entryPointVersion: '0.7',
    userOperation: {
      sender: getAddress(op.sender),
      nonce: BigInt(op.nonce),
      factory: (op.factory ?? undefined) as Address | undefined,
      factoryData: (op.factoryData ?? undefined) as Hex | undefined,
      callData: op.callData as Hex,
      callGasLimit: BigInt(op.callGasLimit),
      verificationGasLimit: BigInt(op.verificationGasLimit),
      preVerificationGas: BigInt(op.preVerificationGas),
      maxFeePerGas: BigInt(op.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(op.maxPriorityFeePerGas),
      paymaster: p.paymaster,
      paymasterVerificationGasLimit: BigInt(op.paymasterVerificationGasLimit ?? PAYMASTER_GAS.verification),
      paymasterPostOpGasLimit: BigInt(op.paymasterPostOpGasLimit ?? PAYMASTER_GAS.postOp),
      paymasterData: p.paymasterData,
      signature: '0x',
    },
  })
}
