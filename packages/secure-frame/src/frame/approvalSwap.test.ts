import { encodeFunctionData, parseAbi, parseEther, type Address, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import type { TransactionFacts } from './approvalContent.js'
import { networkLabel } from './approvalNetworks.js'
import { eip155Networks } from './rpc/eip155.js'
import { decodeSwapCall, describeSwap } from './approvalSwap.js'

const me = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' as Address
const router = '0x9A676e781A523b5d0C0e43731313A708CB607508' as Address
const weth = '0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0' as Address
const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address
const abi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const deadline = 2_000_000_000n
const facts = (data: Hex, value = 0n): TransactionFacts => ({
  account: me,
  to: router,
  value,
  data,
  network: networkLabel(31337, eip155Networks),
  fee: { total: parseEther('0.001'), perGas: 1_000_000_000n },
})
const rowsOf = (content: { rows: { label: string; value: string }[] }) => Object.fromEntries(content.rows.map((r) => [r.label, r.value]))

describe('swap approval', () => {
  test('ETH → USDC: what goes in, the least that comes out, the route, no warning', () => {
    const data = encodeFunctionData({ abi, functionName: 'swapExactETHForTokens', args: [1_470_000_000n, [weth, usdc], me, deadline] })
    const call = decodeSwapCall(data)!
    const content = describeSwap(facts(data, parseEther('0.5')), call, { out: { symbol: 'USDC', decimals: 6 } }, 1_900_000_000_000)
    expect(content.title).toBe('Swap')
    expect(rowsOf(content)).toMatchObject({
      'You pay': '0.5 ETH',
      'You receive at least': '1,470 USDC',
      Route: `${weth} → ${usdc}`,
      Router: router,
      Recipient: me,
    })
    expect(content.warnings).toEqual([])
  })

  test('danger: the tokens go to another address, or any price is accepted; caution: an expired deadline', () => {
    const thief = '0x000000000000000000000000000000000000dEaD' as Address
    const data = encodeFunctionData({ abi, functionName: 'swapExactTokensForETH', args: [100_000_000n, 0n, [usdc, weth], thief, 1n] })
    const content = describeSwap(facts(data), decodeSwapCall(data)!, { in: { symbol: 'USDC', decimals: 6 } })
    expect(rowsOf(content)).toMatchObject({ 'You pay': '100 USDC', 'You receive at least': '0 ETH' })
    expect(content.warnings!.map((w) => w.level)).toEqual(['danger', 'danger', 'caution'])
    expect(content.warnings![0]!.text).toContain('0x0000…dEaD')
  })

  test('anything else is not a swap', () => {
    expect(decodeSwapCall('0xa9059cbb')).toBeUndefined()
    expect(decodeSwapCall(undefined)).toBeUndefined()
  })
})
