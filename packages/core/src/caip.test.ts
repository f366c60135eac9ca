import { describe, expect, test } from 'vitest'
import { isCaipAddress, isValidAddress, isValidName } from './caip.js'

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
  test('rule: other namespaces are invalid', () => {
    expect(isValidAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bip122')).toBe(false)
  })
  test('rule: a CAIP address has three non-empty parts with a known namespace', () => {
    expect(isCaipAddress('eip155:1:0xabc')).toBe(true)
    expect(isCaipAddress('eip155::0xabc')).toBe(false)
    expect(isCaipAddress('foo:1:0xabc')).toBe(false)
    expect(isCaipAddress('eip155:1')).toBe(false)
  })
  test('rule: a name is letters, digits and hyphen, at least 4 characters', () => {
    expect(isValidName('my-name1')).toBe(true)
    expect(isValidName('abc')).toBe(false)
    expect(isValidName('my_name')).toBe(false)
  })
})
