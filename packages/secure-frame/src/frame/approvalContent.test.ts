import { describe, expect, test } from 'vitest'
import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { allowanceSize, decodeCall, describeTransaction, describeTypedData, readTokenInfo, typedFields, type TransactionFacts } from './approvalContent.js'
import { caipOf, networkLabel } from './approvalNetworks.js'
import { setFrameLocale, t } from './i18n/index.js'

const me = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' as Address
const spender = '0x1111111254EEB25477B68fb85Ed929f73A960582' as Address
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Address
const network = networkLabel(1)
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
    expect(networkLabel(1)).toMatchObject({ label: 'Ethereum · chain 1', symbol: 'ETH', known: true, caip: 'eip155:1' })
    expect(networkLabel('eip155:11155111').label).toBe('Sepolia (testnet) · chain 11155111')
    expect(networkLabel('0x89').label).toBe('Polygon · chain 137')
    expect(networkLabel(31337).label).toBe('Portico Devnet (testnet) · chain 31337')
    expect(networkLabel('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp').label).toBe('Solana · solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(caipOf(10n)).toBe('eip155:10')
  })

  test('behavior: a chain the server has an RPC for is shown by number; any other as unknown', () => {
    expect(networkLabel(777, (caip) => caip === 'eip155:777')).toEqual({ label: 'Chain 777', known: true, caip: 'eip155:777' })
    expect(networkLabel(778)).toEqual({ label: 'Unknown network · chain 778', known: false, caip: 'eip155:778' })
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
    const content = describeTransaction(facts('0x', { to: spender, value: parseEther('0.1'), network: networkLabel(137) }))
    expect(content).toMatchObject({ title: 'Send', warnings: [], body: undefined })
    expect(rowsOf(content)).toEqual({ Network: 'Polygon · chain 137', To: spender, Amount: '0.1 POL', 'Max fee': '0.0021 POL (30 gwei)' })
  })

  test('behavior: an unknown network and a contract deployment are pointed out', () => {
    const content = describeTransaction(facts('0x6080', { to: undefined, network: networkLabel(999_999) }))
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

const permit = {
  domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: usdc.toLowerCase() },
  types: {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message: { owner: me, spender, value: maxUint256.toString(), nonce: 0, deadline: '1893456000', notSigned: 'ignored' },
}
const names = (id: number | string | bigint) => networkLabel(id)

describe('describeTypedData', () => {
  test('default: the domain (name, version, named network, verifying contract), the primary type and the signed fields', () => {
    const mail = {
      domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallets', type: 'address[]' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Cow', wallets: ['0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'] },
        to: { name: 'Bob', wallets: [] },
        contents: 'Hello, Bob!',
      },
    }
    const content = describeTypedData(mail, { chainId: 1, network: names })
    expect(content.title).toBe('Sign typed data')
    expect(content.rows).toEqual([{ label: 'Type', value: 'Mail' }])
    expect(content.sections).toEqual([
      {
        title: 'Domain',
        rows: [
          { label: 'Name', value: 'Ether Mail' },
          { label: 'Version', value: '1' },
          { label: 'Network', value: 'Ethereum · chain 1' },
          { label: 'Verifying contract', value: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC', mono: true },
        ],
      },
      {
        title: 'Message · Mail',
        rows: [
          { label: 'from.name', value: 'Cow', mono: false },
          { label: 'from.wallets[0]', value: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826', mono: true },
          { label: 'to.name', value: 'Bob', mono: false },
          { label: 'to.wallets', value: '(empty list)' },
          { label: 'contents', value: 'Hello, Bob!', mono: false },
        ],
      },
    ])
    expect(content.warnings).toEqual([])
  })

  test('behavior: an unlimited EIP-2612 permit warns and names the spender and contract; fields not in the types are not listed', () => {
    const content = describeTypedData(permit, { chainId: 1, network: names })
    const fields = content.sections![1]!.rows
    expect(fields.map((r) => r.label)).toEqual(['owner', 'spender', 'value', 'nonce', 'deadline'])
    expect(fields[2]!.value).toBe('Maximum (2^256 − 1)')
    expect(content.warnings).toEqual([
      {
        level: 'danger',
        text: `Unlimited token permit: this signature lets ${short(spender)} spend all of the token at ${short(usdc)} without another approval from you.`,
      },
    ])
  })

  test('behavior: a permit for a bounded amount still warns, without "unlimited"', () => {
    const content = describeTypedData({ ...permit, message: { ...permit.message, value: '1000000' } }, { chainId: 1, network: names })
    expect(content.warnings?.[0]?.text).toMatch(/^Token permit: this signature lets 0x1111…0582 spend the token/)
  })

  test('behavior: a domain for another network than the current one is a danger; no chain id is said so', () => {
    const other = describeTypedData(permit, { chainId: 'eip155:137', network: names })
    expect(other.warnings?.[0]).toEqual({
      level: 'danger',
      text: 'This signature is for Ethereum · chain 1, not the network you are on (Polygon · chain 137).',
    })
    const { chainId: _chainId, verifyingContract: _contract, ...bare } = permit.domain
    const unbound = describeTypedData({ ...permit, domain: bare }, { chainId: 1, network: names })
    expect(unbound.sections![0]!.rows).toContainEqual({ label: 'Network', value: '(not set: valid on any network)' })
    expect(unbound.sections![0]!.rows).toContainEqual({ label: 'Verifying contract', value: '(not set)', mono: false })
  })

  test('behavior: past the field limit the rest is counted and the raw message is shown', () => {
    const types = { Batch: [{ name: 'items', type: 'uint256[]' }] }
    const message = { items: Array.from({ length: 70 }, (_, i) => i) }
    expect(typedFields(types, 'Batch', message, 60)).toMatchObject({ total: 70 })
    const content = describeTypedData({ types, primaryType: 'Batch', message }, { chainId: 1, network: names })
    expect(content.sections![1]!.rows).toHaveLength(60)
    expect(content.warnings).toContainEqual({
      level: 'caution',
      text: 'The message has 70 fields; the first 60 are listed, the rest is in the raw message below.',
    })
    expect(content.body?.label).toBe('Raw message')
  })
})
