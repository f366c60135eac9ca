import { describe, expect, test } from 'vitest'
import { defineNetwork } from '../networks.js'
import { devnet } from '../test/fakes.js'
import { PorticoError } from '../errors/base.js'
import { en } from '../i18n/messages/en.js'
import { translate } from '../i18n/translate.js'
import { evmChainIdToCoinType, validateSend } from './validateSend.js'

const eth = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 1, price: 1, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' }
const usdc = { ...eth, name: 'USD Coin', symbol: 'USDC', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3' }
/** The problem's English, as SPEC §5 words it (it travels as its key). */
const text = (...args: Parameters<typeof validateSend>) => {
  const problem = validateSend(...args)
  return problem && translate(en, problem.key, problem.params)
}
const ok = { token: eth, sendTokenAmount: '1', receiverAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }

describe('SPEC §5 Send', () => {
  test('a complete native or ERC20 send is valid', () => {
    expect(validateSend(ok, devnet, ['eip155'])).toBeUndefined()
    expect(validateSend({ ...ok, token: usdc }, devnet, ['eip155'])).toBeUndefined()
  })
  test("rule: amount and receiver are required: 'An amount and receiver address are required'", () => {
    expect(text({ ...ok, sendTokenAmount: '' }, devnet, ['eip155'])).toBe('An amount and receiver address are required')
    expect(text({ ...ok, receiverAddress: undefined }, devnet, ['eip155'])).toBe('An amount and receiver address are required')
  })
  test("rule: a token is required: 'A token is required'", () => {
    expect(text({ ...ok, token: undefined }, devnet, ['eip155'])).toBe('A token is required')
  })
  test("rule: an ERC20 send needs a token address: 'tokenAddress is required'", () => {
    expect(text({ ...ok, token: { ...usdc, address: undefined } }, devnet, ['eip155'])).toBe('tokenAddress is required')
  })
  test("rule: an unsupported chain gives 'Unsupported chain'", () => {
    expect(text(ok, devnet, ['solana'])).toBe('Unsupported chain')
    expect(text(ok, undefined, ['eip155'])).toBe('Unsupported chain')
  })
  test("rule: an EVM chain id must be below 2147483648, otherwise 'Invalid chainId'", () => {
    const big = defineNetwork({ ...devnet, id: 2147483648 })
    expect(text(ok, big, ['eip155'])).toBe('Invalid chainId')
    expect(validateSend(ok, defineNetwork({ ...devnet, id: 2147483647 }), ['eip155'])).toBeUndefined()
    expect(validateSend(ok, big, ['eip155'])).toEqual({ key: 'error.invalidChainId', kind: 'invalidChainId' })
    expect(() => evmChainIdToCoinType(2147483648)).toThrow(PorticoError)
    expect(() => evmChainIdToCoinType(2147483648)).toThrow('Invalid chainId')
    expect(evmChainIdToCoinType(1)).toBe(60)
    expect(evmChainIdToCoinType(137)).toBe(2147483785)
  })
})
