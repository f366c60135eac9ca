import { encodeFunctionData, erc20Abi, maxUint256, parseUnits } from 'viem'
import { describe, expect, test } from 'vitest'
import { describeApprove } from './approve'

const spender = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'
const approve = (amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
const usdc = { symbol: 'USDC', decimals: 6 }

describe('describeApprove', () => {
  test("default: an approve of 2^256−1 reads 'Unlimited', with the token's symbol when known", () => {
    expect(describeApprove(approve(maxUint256), usdc)).toEqual({ spender, amount: maxUint256, allowance: 'Unlimited USDC' })
    expect(describeApprove(approve(maxUint256))?.allowance).toBe('Unlimited')
  })

  test("behavior: an exact approve reads the amount in the token's units, or base units without them", () => {
    expect(describeApprove(approve(parseUnits('100', 6)), usdc)?.allowance).toBe('100 USDC')
    expect(describeApprove(approve(parseUnits('100', 6)))?.allowance).toBe('100000000 base units')
  })

  test('behavior: other calls, empty or broken data are not an approve', () => {
    expect(describeApprove(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [spender, 1n] }), usdc)).toBeUndefined()
    expect(describeApprove(undefined)).toBeUndefined()
    expect(describeApprove('0x')).toBeUndefined()
    expect(describeApprove(approve(1n).slice(0, 20))).toBeUndefined()
  })
})
