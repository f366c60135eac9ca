import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { parseRegistrationMessage } from './register.js'
import { chainIdFromCoinType, coinTypeForChainId, parseAddress, parseName } from './rules.js'
import { labelVariants } from './suggest.js'
import { verifyPersonalSignature } from './verify.js'

// Dev account 1 of the public anvil test mnemonic (never holds real funds).
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

describe('name rules', () => {
  test('ENSIP-11 coin types both ways', () => {
    expect(coinTypeForChainId(1)).toBe(60)
    expect(coinTypeForChainId(31337)).toBe(0x80000000 + 31337)
    expect(chainIdFromCoinType(60)).toBe(1)
    expect(chainIdFromCoinType(2147514985)).toBe(31337)
    expect(chainIdFromCoinType(0x80000000 | 137)).toBe(137) // a signed `|` result
    expect(chainIdFromCoinType(501)).toBeUndefined()
    expect(chainIdFromCoinType(1.5)).toBeUndefined()
  })

  test('names: label of letters, digits, hyphen, at least 4, then the suffix', () => {
    expect(parseName('Alice.portico.id', '.portico.id')).toEqual({ ok: true, value: { name: 'alice.portico.id', label: 'alice' } })
    expect(parseName('al-1.portico.id', '.portico.id').ok).toBe(true)
    expect(parseName('ali.portico.id', '.portico.id').ok).toBe(false)
    expect(parseName('al_ice.portico.id', '.portico.id').ok).toBe(false)
    expect(parseName('alice', '.portico.id').ok).toBe(false)
    expect(parseName('alice', '.portico.id', { appendSuffix: true })).toMatchObject({ ok: true, value: { name: 'alice.portico.id' } })
    expect(parseName('alice.eth', '.portico.id', { appendSuffix: true }).ok).toBe(false)
  })

  test('addresses: EVM with optional 0x, Solana base58, nothing else', () => {
    expect(parseAddress('f39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toMatchObject({
      kind: 'eip155',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      key: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    })
    expect(parseAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')?.kind).toBe('solana')
    expect(parseAddress('0x123')).toBeUndefined()
    expect(parseAddress('<script>')).toBeUndefined()
  })

  test('suggestion variants are valid labels and never the label itself', () => {
    const variants = labelVariants('alice', 2025)
    expect(variants.slice(0, 3)).toEqual(['alice1', 'alice2', 'alice-2025'])
    expect(variants).not.toContain('alice')
    for (const v of variants) expect(v).toMatch(/^[a-z0-9-]{4,63}$/)
  })
})

describe('registration message', () => {
  const now = 1_700_000_000
  const msg = (o: object) => JSON.stringify({ name: 'alice.portico.id', attributes: {}, timestamp: now, ...o })

  test('a fresh message with a valid name parses', () => {
    expect(parseRegistrationMessage(msg({}), '.portico.id', now)).toMatchObject({ ok: true, value: { name: 'alice.portico.id', label: 'alice' } })
  })

  test('error: not JSON, wrong shape, bad name, stale, future, milliseconds', () => {
    const check = (m: string) => parseRegistrationMessage(m, '.portico.id', now)
    expect(check('hello')).toMatchObject({ ok: false, error: 'Invalid message' })
    expect(check(msg({ timestamp: 'now' }))).toMatchObject({ ok: false, error: 'Invalid message' })
    expect(check(msg({ attributes: { avatar: 5 } }))).toMatchObject({ ok: false, error: 'Invalid message' })
    expect(check(msg({ name: 'bob.portico.id' }))).toMatchObject({ ok: false, error: 'Invalid name' })
    expect(check(msg({ timestamp: now - 601 }))).toMatchObject({ ok: false, error: 'Stale message' })
    expect(check(msg({ timestamp: now - 600 })).ok).toBe(true)
    expect(check(msg({ timestamp: now + 61 }))).toMatchObject({ ok: false, error: 'Stale message' })
    expect(check(msg({ timestamp: now * 1000 }))).toMatchObject({ ok: false, description: expect.stringContaining('milliseconds') })
  })
})

describe('signature verification', () => {
  test('an EOA signature verifies; another message or signer does not', async () => {
    const message = 'hello'
    const signature = await account.signMessage({ message })
    const base = { address: account.address, message, signature, client: undefined, chainLabel: 'eip155:1' }
    expect(await verifyPersonalSignature(base)).toEqual({ valid: true, method: 'eoa' })
    expect((await verifyPersonalSignature({ ...base, message: 'other' })).valid).toBe(false)
    expect((await verifyPersonalSignature({ ...base, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })).valid).toBe(false)
    expect((await verifyPersonalSignature({ ...base, signature: '0xzz' })).valid).toBe(false)
    expect((await verifyPersonalSignature({ ...base, signature: '0x1234' })).valid).toBe(false)
  })
})
