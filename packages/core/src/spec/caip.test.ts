import { describe, expect, test } from 'vitest'
import { CAIP10_PATTERN, CAIP2_PATTERN, eip155ChainId, isCaip2, isCaipAddress, parseCaip10 } from './caip.js'
import { isValidAddress } from './families/index.js'

describe('SPEC §5 Addresses and names', () => {
  test('rule: EVM address is an optional 0x prefix then 40 hex characters', () => {
    expect(isValidAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'eip155')).toBe(true)
    expect(isValidAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'eip155')).toBe(true)
    expect(isValidAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226', 'eip155')).toBe(false)
    expect(isValidAddress('0xg39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'eip155')).toBe(false)
  })
  test('rule: Solana address is base58, 32 to 44 characters', () => {
    expect(isValidAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'solana')).toBe(true)
    expect(isValidAddress('0OIl' + '1'.repeat(30), 'solana')).toBe(false)
    expect(isValidAddress('1'.repeat(31), 'solana')).toBe(false)
  })
  test('rule: bip122 addresses are Bitcoin addresses (bip122.test.ts has the per-network rules)', () => {
    expect(isValidAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bip122')).toBe(true)
  })
  test('rule: other namespaces are invalid', () => {
    expect(isValidAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'polkadot')).toBe(false)
  })
  test('rule: a CAIP address has three non-empty parts with a known namespace', () => {
    expect(isCaipAddress('eip155:1:0xabc')).toBe(true)
    expect(isCaipAddress('eip155::0xabc')).toBe(false)
    expect(isCaipAddress('foo:1:0xabc')).toBe(false)
    expect(isCaipAddress('eip155:1')).toBe(false)
  })
})

describe('CAIP-2 and CAIP-10 syntax', () => {
  test('default', () => {
    expect(isCaip2('eip155:1')).toBe(true)
    expect(isCaip2('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(true)
    expect(isCaip2('bip122:000000000019d6689c085ae165831e93')).toBe(true)
    expect(isCaip2('cosmos:cosmoshub-4')).toBe(true)
  })
  test('behavior: any namespace of 3 to 8 lower-case letters, digits or hyphens', () => {
    expect(isCaip2('foo:bar')).toBe(true)
    expect(isCaip2('ab:1')).toBe(false)
    expect(isCaip2('abcdefghi:1')).toBe(false)
    expect(isCaip2('EIP155:1')).toBe(false)
    expect(isCaip2('eip155:')).toBe(false)
    expect(isCaip2('eip155:1:0xabc')).toBe(false)
    expect(isCaip2(`eip155:${'1'.repeat(64)}`)).toBe(true)
    expect(isCaip2(`eip155:${'1'.repeat(65)}`)).toBe(false)
    expect(isCaip2(1)).toBe(false)
    expect(CAIP2_PATTERN.test('eip155:1')).toBe(true)
  })
  test('behavior: a CAIP-10 id is a CAIP-2 id, a colon and an address', () => {
    expect(parseCaip10('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual({
      chainId: 'eip155:1',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    })
    expect(parseCaip10('eip155:1')).toBeUndefined()
    expect(parseCaip10('eip155:1:0x/abc')).toBeUndefined()
    expect(CAIP10_PATTERN.test('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true)
  })
  test('behavior: an eip155 chain id is decimal, at most 10 digits', () => {
    expect(eip155ChainId('eip155:1')).toBe(1)
    expect(eip155ChainId('eip155:31337')).toBe(31337)
    expect(eip155ChainId('eip155:0x1')).toBeUndefined()
    expect(eip155ChainId('eip155:12345678901')).toBeUndefined()
    expect(eip155ChainId('solana:1')).toBeUndefined()
    expect(eip155ChainId(1)).toBeUndefined()
  })
})
