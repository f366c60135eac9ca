import { concatHex, encodeAbiParameters, pad, toHex, type Hex, type PublicClient } from 'viem'
import { PAYMASTER_GAS, type RpcUserOperation } from './paymaster.js'

/**
 * The gas terms a sponsored UserOperation may have, checked on the server against the chain before the
 * paymaster signs. Whoever holds a sponsorship signature can submit the operation through
 * EntryPoint.handleOps themselves and name any beneficiary: the EntryPoint then pays the beneficiary
 * the operation's preVerificationGas in full, its fee up to maxFeePerGas, and 10 % of its unused
 * execution gas, all from the paymaster's deposit. So each of these is bounded here, not left to a
 * bundler that may never see the operation.
 */
export interface GasBounds {
  /** maxFeePerGas ≤ feeMultiple × (2 × base fee + the chain's priority fee); maxPriorityFeePerGas ≤ feeMultiple × the priority fee. */
  feeMultiple: number
  /** preVerificationGas ≤ the server's estimate × (1 + this). */
  preVerificationGasMargin: number
  maxCallGasLimit: bigint
  maxVerificationGasLimit: bigint
}

export interface ChainFees {
  baseFee: bigint
  priorityFee: bigint
}

/** A refusal that names the field it is about. */
export interface GasTermProblem {
  field: keyof RpcUserOperation
  message: string
}

// The EntryPoint's calldata accounting (ERC-4337's reference calcPreVerificationGas): what the bundle's
// transaction pays for carrying the operation, which the EntryPoint cannot meter itself.
const OVERHEAD = { fixed: 21_000n, perUserOp: 18_300n, perUserOpWord: 4n, zeroByte: 4n, nonZeroByte: 16n }

const packPair = (high: bigint, low: bigint): Hex => concatHex([pad(toHex(high), { size: 16 }), pad(toHex(low), { size: 16 })])

/** The operation as handleOps carries it (PackedUserOperation, v0.7), ABI-encoded. */
function packed(op: RpcUserOperation, paymaster: Hex | undefined): Hex {
  const initCode = op.factory ? concatHex([op.factory as Hex, (op.factoryData ?? '0x') as Hex]) : '0x'
  const paymasterAndData = paymaster
    ? concatHex([
        paymaster,
        pad(toHex(BigInt(op.paymasterVerificationGasLimit ?? PAYMASTER_GAS.verification)), { size: 16 }),
        pad(toHex(BigInt(op.paymasterPostOpGasLimit ?? PAYMASTER_GAS.postOp)), { size: 16 }),
        // validUntil, validAfter and a 65-byte signature: what pm_getPaymasterData puts there.
        `0x${'01'.repeat(64 + 65)}`,
      ])
    : '0x'
  return encodeAbiParameters(
    [
      {
        type: 'tuple',
        components: [
          { type: 'address' },
          { type: 'uint256' },
          { type: 'bytes' },
          { type: 'bytes' },
          { type: 'bytes32' },
          { type: 'uint256' },
          { type: 'bytes32' },
          { type: 'bytes' },
          { type: 'bytes' },
        ],
      },
    ],
    [
      [
        op.sender as Hex,
        BigInt(op.nonce),
        initCode,
        op.callData as Hex,
        packPair(BigInt(op.verificationGasLimit), BigInt(op.callGasLimit)),
        BigInt(op.preVerificationGas),
        packPair(BigInt(op.maxPriorityFeePerGas), BigInt(op.maxFeePerGas)),
        paymasterAndData,
        // The account's signature as it will be (a stub has the final length), never shorter than 65 bytes.
        op.signature && op.signature.length >= 132 ? (op.signature as Hex) : `0x${'01'.repeat(65)}`,
      ],
    ],
  )
}

/** The server's own estimate of an operation's preVerificationGas (its calldata and the per-operation overhead). */
export function estimatePreVerificationGas(op: RpcUserOperation, paymaster: Hex | undefined): bigint {
  const bytes = packed(op, paymaster).slice(2)
  let cost = 0n
  for (let i = 0; i < bytes.length; i += 2) cost += bytes.slice(i, i + 2) === '00' ? OVERHEAD.zeroByte : OVERHEAD.nonZeroByte
  const words = BigInt(Math.ceil(bytes.length / 2 / 32))
  return cost + OVERHEAD.fixed + OVERHEAD.perUserOp + OVERHEAD.perUserOpWord * words
}

/** The chain's fees now: the latest block's base fee and the node's suggested priority fee. */
export async function readChainFees(client: PublicClient): Promise<ChainFees> {
  const [block, priority] = await Promise.all([client.getBlock({ blockTag: 'latest' }), client.request({ method: 'eth_maxPriorityFeePerGas' })])
  return { baseFee: block.baseFeePerGas ?? 0n, priorityFee: BigInt(priority) }
}

const scaled = (value: bigint, multiple: number) => (value * BigInt(Math.round(multiple * 1000))) / 1000n

/** The first term out of bounds, or undefined when the operation's gas terms are fair for this chain now. */
export function checkGasTerms(op: RpcUserOperation, p: { fees: ChainFees; bounds: GasBounds; paymaster: Hex }): GasTermProblem | undefined {
  const { fees, bounds } = p
  const over = (field: keyof RpcUserOperation, value: bigint, bound: bigint, why: string): GasTermProblem | undefined =>
    value > bound ? { field, message: `${field} ${value} is above this paymaster's bound of ${bound} (${why})` } : undefined
  const priorityBound = scaled(fees.priorityFee > 0n ? fees.priorityFee : 1n, bounds.feeMultiple)
  const feeBound = scaled(2n * fees.baseFee + (fees.priorityFee > 0n ? fees.priorityFee : 1n), bounds.feeMultiple)
  const pvg = estimatePreVerificationGas(op, p.paymaster)
  return (
    over('maxPriorityFeePerGas', BigInt(op.maxPriorityFeePerGas), priorityBound, `${bounds.feeMultiple}× the chain's priority fee ${fees.priorityFee}`) ??
    over('maxFeePerGas', BigInt(op.maxFeePerGas), feeBound, `${bounds.feeMultiple}× twice the base fee ${fees.baseFee} plus the priority fee`) ??
    over(
      'preVerificationGas',
      BigInt(op.preVerificationGas),
      scaled(pvg, 1 + bounds.preVerificationGasMargin),
      `the estimate ${pvg} plus ${Math.round(bounds.preVerificationGasMargin * 100)} %`,
    ) ??
    over('callGasLimit', BigInt(op.callGasLimit), bounds.maxCallGasLimit, 'the per-operation cap') ??
    over('verificationGasLimit', BigInt(op.verificationGasLimit), bounds.maxVerificationGasLimit, 'the per-operation cap') ??
    over(
      'paymasterVerificationGasLimit',
      BigInt(op.paymasterVerificationGasLimit ?? PAYMASTER_GAS.verification),
      2n * PAYMASTER_GAS.verification,
      "twice what this paymaster's validation takes",
    ) ??
    over('paymasterPostOpGasLimit', BigInt(op.paymasterPostOpGasLimit ?? PAYMASTER_GAS.postOp), PAYMASTER_GAS.postOp, 'this paymaster has no postOp')
  )
}
