import { describe, expect, test } from 'vitest'
import { encodeFunctionData, erc20Abi, maxUint256, parseEther, type Address } from 'viem'
import { dataSize, describeCalls } from './approvalCalls.js'
import { networkLabel } from './approvalNetworks.js'
import { eip155Networks } from './rpc/eip155.js'

const me = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' as Address
const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address
const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address
const router = '0x1111111254EEB25477B68fb85Ed929f73A960582' as Address
const token = { symbol: 'USDC', decimals: 6 }
const transfer = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
const rows = (section: { rows: { label: string; value: string }[] }) => Object.fromEntries(section.rows.map((r) => [r.label, r.value]))

describe('describeCalls (the one approval screen of wallet_sendCalls)', () => {
  test('default: two USDC transfers listed one section each, decoded, with the data size; not atomic for an EOA', () => {
    const content = describeCalls({
      account: me,
      network: networkLabel(31337, eip155Networks),
      atomic: false,
      calls: [
        { to: usdc, value: 0n, data: transfer(alice, 1_500_000n), token },
        { to: usdc, value: 0n, data: transfer(bob, 2_000_000n), token },
      ],
      fee: { total: parseEther('0.0001'), perGas: 2_000_000_000n },
    })
    expect(content.title).toBe('Approve 2 calls')
    expect(rows(content)).toEqual({
      Network: 'Portico Devnet (testnet) · chain 31337',
      Calls: '2, sent one after another (each is its own transaction)',
      'Max fee': '0.0001 ETH (2 gwei)',
    })
    expect(content.sections!.map((s) => s.title)).toEqual(['Call 1 of 2: Send tokens', 'Call 2 of 2: Send tokens'])
    expect(rows(content.sections![0]!)).toEqual({ To: alice, Amount: '1.5 USDC', 'Token contract': usdc, Data: '68 bytes' })
    expect(rows(content.sections![1]!)).toMatchObject({ To: bob, Amount: '2 USDC' })
    expect(content.warnings).toEqual([{ level: 'caution', text: 'Not atomic: if a later call fails, the calls before it stay done.' }])
  })

  test('behavior: a smart account runs them all or nothing; ETH sent in total; an unlimited approve warns with its call number', () => {
    const content = describeCalls({
      account: me,
      network: networkLabel(31337, eip155Networks),
      atomic: true,
      calls: [
        { to: usdc, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }), token },
        { to: alice, value: parseEther('0.25'), data: '0x' },
      ],
    })
    expect(rows(content)).toMatchObject({
      Calls: '2, all or nothing, in one operation',
      'Sends in total': '0.25 ETH',
      'Max fee': 'Estimated as each call is sent',
    })
    expect(content.sections!.map((s) => s.title)).toEqual(['Call 1 of 2: Allow token spending', 'Call 2 of 2: Send'])
    expect(rows(content.sections![1]!)).toEqual({ To: alice, Amount: '0.25 ETH' })
    expect(content.warnings).toEqual([{ level: 'danger', text: expect.stringMatching(/^Call 1: Unlimited approval: 0x1111…0582 can take all your USDC/) }])
  })

  test('behavior: an unknown network is warned about once, not per call; unknown contract calls show their selector', () => {
    const content = describeCalls({
      account: me,
      network: networkLabel(999_999, eip155Networks),
      atomic: false,
      calls: [
        { to: router, value: 0n, data: '0xdeadbeef00' },
        { to: router, value: 0n, data: '0xdeadbeef01' },
      ],
    })
    expect(content.warnings!.filter((w) => w.text.includes('does not know'))).toHaveLength(1)
    expect(rows(content.sections![0]!)).toMatchObject({ Function: '0xdeadbeef', Data: '5 bytes' })
    expect(dataSize('0x')).toBe('none')
  })
})
