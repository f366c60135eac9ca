import { describe, expect, it } from 'vitest'
import { checkGasTerms, estimatePreVerificationGas, type GasBounds } from './gasTerms.js'
import type { RpcUserOperation } from './paymaster.js'

const PAYMASTER = '0x2fdD404ca84C99377Db1a58907Febc01f1c1D2cC'
const bounds: GasBounds = { feeMultiple: 3, preVerificationGasMargin: 0.3, maxCallGasLimit: 5_000_000n, maxVerificationGasLimit: 1_500_000n }
const fees = { baseFee: 250_000_000n, priorityFee: 1_000_000_000n }
const op = (change: Partial<RpcUserOperation> = {}): RpcUserOperation => ({
  sender: '0x37bC5f3c323E5b2154Aa71269478a6a598d2e604',
  nonce: '0x0',
  callData: `0x541d63c8${'00'.repeat(160)}`,
  callGasLimit: '0x5c5f',
  verificationGasLimit: '0x69233',
  preVerificationGas: '0xc350',
  maxFeePerGas: '0x4dea7553',
  maxPriorityFeePerGas: '0x3b9aca00',
  paymasterVerificationGasLimit: '0x124f8',
  paymasterPostOpGasLimit: '0x0',
  signature: `0x${'ff'.repeat(77)}`,
  ...change,
})

describe('gas terms of a sponsored UserOperation', () => {
  it('default: the calldata estimate grows with the calldata, and fair terms pass', () => {
    const small = estimatePreVerificationGas(op(), PAYMASTER)
    const large = estimatePreVerificationGas(op({ callData: `0x541d63c8${'11'.repeat(1000)}` }), PAYMASTER)
    expect(small).toBeGreaterThan(39_300n) // 21,000 + 18,300 overhead, plus the bytes
    expect(large - small).toBeGreaterThan(15_000n) // 1,000 more non-zero bytes at 16 gas
    expect(checkGasTerms(op({ preVerificationGas: `0x${small.toString(16)}` }), { fees, bounds, paymaster: PAYMASTER })).toBeUndefined()
  })

  it.each([
    ['preVerificationGas', { preVerificationGas: '0x1312d00' }],
    ['maxPriorityFeePerGas', { maxPriorityFeePerGas: '0x4a817c800' }], // 20 gwei: 20× the chain's
    ['maxFeePerGas', { maxFeePerGas: '0x174876e800' }], // 100 gwei
    ['callGasLimit', { callGasLimit: '0x1312d00' }],
    ['verificationGasLimit', { verificationGasLimit: '0x989680' }],
    ['paymasterVerificationGasLimit', { paymasterVerificationGasLimit: '0x30d40' }],
    ['paymasterPostOpGasLimit', { paymasterPostOpGasLimit: '0x1' }],
  ] as const)('error: %s out of bounds is named', (field, change) => {
    const problem = checkGasTerms(op({ preVerificationGas: '0xb000', ...change }), { fees, bounds, paymaster: PAYMASTER })
    expect(problem?.field).toBe(field)
    expect(problem?.message).toMatch(new RegExp(`^${field} \\d+ is above this paymaster's bound of \\d+`))
  })
})
