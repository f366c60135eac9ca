import { describe, expect, test } from 'vitest'
import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { describeTransaction, type TransactionFacts } from './approvalContent.js'
import { allowanceSize, decodeCall, readTokenInfo } from './tokenCalls.js'
import { caipOf, networkLabel } from './approvalNetworks.js'
import { eip155Networks } from './rpc/eip155.js'
import { solanaNetworks } from './rpc/solana.js'
import { setFrameLocale, t } from './i18n/index.js'

const me = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' as Address
const spender = '0x1111111254EEB25477B68fb85Ed929f73A960582' as Address
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Address
const network = networkLabel(1, eip155Networks)
const usdcInfo = { symbol: 'USDC', decimals: 6 }
const facts = (data: Hex, more: Partial<TransactionFacts> = {}): TransactionFacts => ({
  account: me,
  to: usdc,
  value: 0n,
  data,
  network,
  fee: { total: parseEther('0.0021'), perGas: 30_000_000_000n },
  ...more,
})
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`
const rowsOf = (content: { rows: { label: string; value: string }[] }) => Object.fromEntries(content.rows.map((r) => [r.label, r.value]))

describe('networkLabel', () => {
  test('default: names known chains from the frame’s own table', () => {
    expect(networkLabel(1, eip155Networks)).toMatchObject({ label: 'Ethereum · chain 1', symbol: 'ETH', known: true, caip: 'eip155:1' })
    expect(networkLabel('eip155:11155111', eip155Networks).label).toBe('Sepolia (testnet) · chain 11155111')
    expect(networkLabel('0x89', eip155Networks).label).toBe('Polygon · chain 137')
    expect(networkLabel(31337, eip155Networks).label).toBe('Portico Devnet (testnet) · chain 31337')
    expect(networkLabel('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', solanaNetworks).label).toBe('Solana · solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(caipOf(10n)).toBe('eip155:10')
  })

  test("behavior: each family names only its own chains (its entry's networks)", () => {
    expect(networkLabel('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', eip155Networks).known).toBe(false)
    expect(networkLabel(1, solanaNetworks)).toEqual({ label: 'Unknown network · eip155:1', known: false, caip: 'eip155:1' })
  })

  test('behavior: a chain the server has an RPC for is shown by number; any other as unknown', () => {
    expect(networkLabel(777, eip155Networks, (caip) => caip === 'eip155:777')).toEqual({ label: 'Chain 777', known: true, caip: 'eip155:777' })
    expect(networkLabel(778, eip155Networks)).toEqual({ label: 'Unknown network · chain 778', known: false, caip: 'eip155:778' })
  })
})

describe('decodeCall', () => {
  test('default: ERC-20 transfer, approve and transferFrom', () => {
    expect(decodeCall(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [spender, 5n] }))).toEqual({
      kind: 'transfer',
      to: spender,
      amount: 5n,
      selector: '0xa9059cbb',
      exact: true,
    })
    expect(decodeCall(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }))).toMatchObject({
      kind: 'approve',
      spender,
      amount: maxUint256,
    })
    expect(decodeCall(encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [me, spender, 7n] }))).toMatchObject({
      kind: 'transferFrom',
      from: me,
      to: spender,
      amount: 7n,
    })
  })

  test('behavior: NFT calls (setApprovalForAll, safeTransferFrom)', () => {
    expect(decodeCall(encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [spender, true] }))).toMatchObject({
      kind: 'setApprovalForAll',
      operator: spender,
      approved: true,
    })
    expect(decodeCall(encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [me, spender, 9n, '0x'] }))).toMatchObject({
      kind: 'safeTransferFrom',
      tokenId: 9n,
      amount: undefined,
    })
  })

  test('behavior: no data, unknown selectors, and known selectors that do not decode', () => {
    expect(decodeCall('0x')).toEqual({ kind: 'none' })
    expect(decodeCall(undefined)).toEqual({ kind: 'none' })
    expect(decodeCall('0xdeadbeef00000000000000000000000000000000000000000000000000000001')).toEqual({
      kind: 'unknown',
      selector: '0xdeadbeef',
      malformed: false,
    })
    expect(decodeCall('0xa9059cbb0001')).toEqual({ kind: 'unknown', selector: '0xa9059cbb', malformed: true })
    expect(decodeCall('0x12')).toMatchObject({ kind: 'unknown', malformed: true })
    expect(decodeCall('hello' as Hex)).toMatchObject({ kind: 'unknown', malformed: true })
  })

  test('behavior: extra bytes after the arguments are noticed', () => {
    const data = `${encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [spender, 5n] })}cafe` as Hex
    expect(decodeCall(data)).toMatchObject({ kind: 'transfer', exact: false })
    expect(describeTransaction(facts(data), decodeCall(data)).warnings).toContainEqual({
      level: 'caution',
      text: 'The call carries extra data after its arguments, which is not shown above.',
    })
  })
})

describe('allowanceSize', () => {
  test('default: max uint and anything from 2^128 is unlimited; a billion tokens is very large', () => {
    expect(allowanceSize(maxUint256, 6)).toBe('unlimited')
    expect(allowanceSize(2n ** 160n - 1n)).toBe('unlimited')
    expect(allowanceSize(2n ** 128n)).toBe('unlimited')
    expect(allowanceSize(parseUnits('1000000000', 6), 6)).toBe('very large')
    expect(allowanceSize(2n ** 96n - 1n)).toBe('very large') // 79 billion at 18 decimals
    expect(allowanceSize(parseUnits('999999999', 6), 6)).toBe('normal')
    expect(allowanceSize(0n)).toBe('zero')
  })
})

describe('describeTransaction', () => {
  test('default: an ERC-20 approve of max uint is shown as an unlimited allowance, with a warning', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })
    const content = describeTransaction(facts(data, { token: usdcInfo }))
    expect(content.title).toBe('Allow token spending')
    expect(rowsOf(content)).toEqual({
      Network: 'Ethereum · chain 1',
      Spender: spender,
      Allowance: 'Unlimited USDC',
      'Token contract': usdc,
      'Max fee': '0.0021 ETH (30 gwei)',
    })
    expect(content.warnings).toEqual([
      { level: 'danger', text: `Unlimited approval: ${short(spender)} can take all your USDC from this contract, now and later, until you revoke it.` },
    ])
    expect(content.body).toEqual({ label: 'Raw data', text: data })
  })

  test("behavior: the unlimited allowance is the frame's locale's word (de: 'Unbegrenzt USDC', ja: '無制限の USDC')", async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })
    try {
      await setFrameLocale('de')
      expect(describeTransaction(facts(data, { token: usdcInfo })).rows).toContainEqual({ label: 'Freigabe', value: 'Unbegrenzt USDC' })
      await setFrameLocale('ja')
      expect(rowsOf(describeTransaction(facts(data, { token: usdcInfo })))).toMatchObject({ [t('row.allowance')]: '無制限の USDC' })
    } finally {
      await setFrameLocale('en')
    }
  })

  test('behavior: an approve of a very large amount warns; a normal one does not; zero removes', () => {
    const approve = (amount: bigint) =>
      describeTransaction(facts(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }), { token: usdcInfo }))
    expect(approve(parseUnits('5000000000', 6)).warnings?.[0]?.text).toBe(
      `Very large approval: ${short(spender)} can take up to 5,000,000,000 USDC, now and later, until you revoke it.`,
    )
    expect(approve(parseUnits('25', 6))).toMatchObject({ warnings: [], rows: expect.arrayContaining([{ label: 'Allowance', value: '25 USDC' }]) })
    expect(approve(0n)).toMatchObject({
      title: 'Remove token allowance',
      warnings: [],
      rows: expect.arrayContaining([{ label: 'Allowance', value: '0 (removes the allowance)' }]),
    })
  })

  test('behavior: an approve on a contract whose decimals are unknown shows raw units, and still warns at max uint', () => {
    const content = describeTransaction(facts(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })))
    expect(rowsOf(content).Allowance).toBe('Unlimited tokens')
    expect(content.warnings?.[0]?.level).toBe('danger')
    const small = describeTransaction(facts(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 12n] })))
    expect(rowsOf(small).Allowance).toBe("12 (raw units: the token's decimals are unknown)")
  })

  test('behavior: an ERC-20 transfer shows recipient, amount and token contract', () => {
    const content = describeTransaction(
      facts(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [spender, parseUnits('12.5', 6)] }), { token: usdcInfo }),
    )
    expect(content.title).toBe('Send tokens')
    expect(rowsOf(content)).toMatchObject({ To: spender, Amount: '12.5 USDC', 'Token contract': usdc })
    expect(content.warnings).toEqual([])
  })

  test('behavior: transferFrom another account is pointed out', () => {
    const content = describeTransaction(facts(encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [spender, me, 3n] })))
    expect(rowsOf(content)).toMatchObject({ From: spender, To: me, 'Amount or token ID': '3' })
    expect(content.warnings?.[0]).toEqual({
      level: 'caution',
      text: `This moves tokens of another account (${short(spender)}), using an allowance it gave you.`,
    })
  })

  test('behavior: setApprovalForAll(true) warns about the whole collection; false removes access', () => {
    const on = describeTransaction(facts(encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [spender, true] })))
    expect(on.title).toBe('Allow access to a whole collection')
    expect(on.warnings).toEqual([
      {
        level: 'danger',
        text: `Collection-wide approval: ${short(spender)} can take every item you own in this collection, now and later, until you revoke it.`,
      },
    ])
    const off = describeTransaction(facts(encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [spender, false] })))
    expect(off).toMatchObject({ title: 'Remove collection access', warnings: [] })
  })

  test('behavior: an unknown selector is shown with an unknown-contract-call warning', () => {
    const data = '0x12345678000000000000000000000000000000000000000000000000000000000000002a' as Hex
    const content = describeTransaction(facts(data, { value: parseEther('0.5') }))
    expect(content.title).toBe('Contract call')
    expect(rowsOf(content)).toMatchObject({ Contract: usdc, Function: '0x12345678', 'Also sends': '0.5 ETH' })
    expect(content.warnings).toEqual([
      { level: 'caution', text: 'Unknown contract call: this wallet cannot tell what function 0x12345678 does. Approve only if you trust this site.' },
    ])
    expect(content.body?.text).toBe(data)
  })

  test('behavior: a plain send shows recipient, amount in the network’s currency, and no data', () => {
    const content = describeTransaction(facts('0x', { to: spender, value: parseEther('0.1'), network: networkLabel(137, eip155Networks) }))
    expect(content).toMatchObject({ title: 'Send', warnings: [], body: undefined })
    expect(rowsOf(content)).toEqual({ Network: 'Polygon · chain 137', To: spender, Amount: '0.1 POL', 'Max fee': '0.0021 POL (30 gwei)' })
  })

  test('behavior: an unknown network and a contract deployment are pointed out', () => {
    const content = describeTransaction(facts('0x6080', { to: undefined, network: networkLabel(999_999, eip155Networks) }))
    expect(content.title).toBe('Deploy a contract')
    expect(rowsOf(content)['Max fee']).toBe('0.0021 (native currency) (30 gwei)')
    expect(content.warnings?.map((w) => w.text)).toEqual([
      'This wallet does not know eip155:999999. Check that the site means this network.',
      'This creates a new contract from the data below.',
    ])
  })
})

describe('readTokenInfo', () => {
  test('default: symbol and decimals through eth_call; anything broken or slow is left out', async () => {
    const answers: Record<string, Hex> = {
      '0x95d89b41':
        '0x000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000045553444300000000000000000000000000000000000000000000000000000000',
      '0x313ce567': '0x0000000000000000000000000000000000000000000000000000000000000006',
    }
    const call = async (_method: string, [tx]: unknown[]) => answers[(tx as { data: string }).data]!
    expect(await readTokenInfo(call, usdc)).toEqual({ symbol: 'USDC', decimals: 6 })
    expect(await readTokenInfo(async () => '0x', usdc)).toEqual({ symbol: undefined, decimals: undefined })
    expect(await readTokenInfo(() => new Promise(() => {}), usdc, 20)).toEqual({ symbol: undefined, decimals: undefined })
  })
})
