import { describe, expect, test } from 'vitest'
import { maxUint256, type Address } from 'viem'
import { describeTypedData, typedFields } from './approvalTypedData.js'
import { networkLabel } from './approvalNetworks.js'
import { eip155Networks } from './rpc/eip155.js'

const me = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' as Address
const spender = '0x1111111254EEB25477B68fb85Ed929f73A960582' as Address
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Address
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`

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
const names = (id: number | string | bigint) => networkLabel(id, eip155Networks)

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
