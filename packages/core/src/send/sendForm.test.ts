import { describe, expect, test } from 'vitest'
import { en } from '../i18n/messages/en.js'
import { translate } from '../i18n/translate.js'
import { bitcoinRegtest, devnet, solanaDevnet } from '../test/fakes.js'
import {
  getMaxSendAmount,
  getSendProblem,
  invalidAddressProblem,
  isInsufficientBalance,
  isSendInputError,
  sendAmountInUsd,
  type SendProblem,
} from './sendForm.js'

/** The problem's kind and how it reads in English (the modal shows it by its key, in the user's language). */
const read = (problem: SendProblem | undefined) => problem && { kind: problem.kind, text: translate(en, problem.key, problem.params) }

const eth = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' }
const usdc = {
  ...eth,
  name: 'USD Coin',
  symbol: 'USDC',
  price: 1,
  quantity: { decimals: '6', numeric: '100.25' },
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
}
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('send form', () => {
  test("behavior: an amount above the token balance is 'Insufficient balance'", () => {
    expect(isInsufficientBalance(eth, '1.5')).toBe(false)
    expect(isInsufficientBalance(eth, '1.500000000000000001')).toBe(true)
    expect(read(getSendProblem({ token: usdc, sendTokenAmount: '100.26', receiverAddress: undefined }, devnet, ['eip155']))).toEqual({
      kind: 'insufficientBalance',
      text: 'Insufficient balance',
    })
  })

  test('behavior: Max is the full token balance; for the native currency minus the fee estimate when known', () => {
    expect(getMaxSendAmount(usdc, devnet, { amount: '0.001', symbol: 'ETH' })).toBe('100.25')
    expect(getMaxSendAmount(eth, devnet, undefined)).toBe('1.5')
    expect(getMaxSendAmount(eth, devnet, { amount: '0.000021', symbol: 'ETH' })).toBe('1.499979')
    expect(getMaxSendAmount({ ...eth, quantity: { decimals: '18', numeric: '0.00001' } }, devnet, { amount: '0.000021', symbol: 'ETH' })).toBe('0')
  })

  test('behavior: the USD equivalent of the typed amount', () => {
    expect(sendAmountInUsd(eth, '0.5')).toBe(1000)
    expect(sendAmountInUsd({ ...eth, price: 0 }, '0.5')).toBeUndefined()
    expect(sendAmountInUsd(eth, '')).toBeUndefined()
  })

  test("rule: the form shows SPEC §5 'Send' texts verbatim, in the spec's order", () => {
    const ok = { token: eth, sendTokenAmount: '0.1', receiverAddress: to }
    expect(getSendProblem(ok, devnet, ['eip155'])).toBeUndefined()
    expect(getSendProblem({ ...ok, receiverAddress: undefined }, devnet, ['eip155'])).toEqual({
      key: 'error.amountAndReceiverRequired',
      kind: 'amountAndReceiverRequired',
    })
    expect(read(getSendProblem({ ...ok, receiverAddress: undefined }, devnet, ['eip155']))?.text).toBe('An amount and receiver address are required')
    expect(read(getSendProblem({ ...ok, token: undefined }, devnet, ['eip155']))?.text).toBe('A token is required')
    expect(read(getSendProblem({ ...ok, token: { ...usdc, address: undefined } }, devnet, ['eip155']))?.text).toBe('tokenAddress is required')
    expect(read(getSendProblem(ok, undefined, ['eip155']))?.text).toBe('Unsupported chain')
    expect(read(getSendProblem(ok, { ...devnet, caipNetworkId: 'eip155:2147483648' }, ['eip155']))?.text).toBe('Invalid chainId')
  })

  test("behavior: a malformed or zero amount is 'Invalid amount'", () => {
    const invalidAmount = { key: 'sendForm.invalidAmount', kind: 'invalidAmount' }
    expect(getSendProblem({ token: eth, sendTokenAmount: '1.2.3', receiverAddress: to }, devnet, ['eip155'])).toEqual(invalidAmount)
    expect(getSendProblem({ token: eth, sendTokenAmount: '0', receiverAddress: to }, devnet, ['eip155'])).toEqual(invalidAmount)
    expect(getSendProblem({ token: usdc, sendTokenAmount: '1.1234567', receiverAddress: to }, devnet, ['eip155'])).toEqual(invalidAmount)
    expect(read(getSendProblem({ token: eth, sendTokenAmount: '0', receiverAddress: to }, devnet, ['eip155']))?.text).toBe('Invalid amount')
  })
})

describe('send form on Solana', () => {
  const sol = { name: 'Solana', symbol: 'SOL', chainId: solanaDevnet.caipNetworkId, value: 0, price: 0, quantity: { decimals: '9', numeric: '2' }, iconUrl: '' }
  const splUsdc = {
    ...sol,
    name: 'USD Coin',
    symbol: 'USDC',
    quantity: { decimals: '6', numeric: '50' },
    address: `${solanaDevnet.caipNetworkId}:EaqkPJToE3nzBN2yuoNPkfiu3WpaXSRC8f1ruMiCr2fK`,
  }
  const receiver = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

  test("rule: SOL to an address without an account below the rent-exempt minimum is 'A new account needs at least 0.00089088 SOL'", () => {
    const form = { token: sol, sendTokenAmount: '0.0008', receiverAddress: receiver, receiverIsNew: true }
    expect(getSendProblem(form, solanaDevnet, ['solana'])).toEqual({
      key: 'sendForm.belowRentExemptMinimum',
      kind: 'belowRentExemptMinimum',
      params: { 0: '0.00089088', 1: 'SOL' },
    })
    expect(read(getSendProblem(form, solanaDevnet, ['solana']))?.text).toBe('A new account needs at least 0.00089088 SOL')
    expect(getSendProblem({ ...form, sendTokenAmount: '0.00089088' }, solanaDevnet, ['solana'])).toBeUndefined()
    // An existing account takes any amount; unknown existence leaves it to the chain.
    expect(getSendProblem({ ...form, receiverIsNew: false }, solanaDevnet, ['solana'])).toBeUndefined()
    expect(getSendProblem({ ...form, receiverIsNew: undefined }, solanaDevnet, ['solana'])).toBeUndefined()
    // Tokens go to a token account the sender pays for: no minimum on the amount.
    expect(getSendProblem({ ...form, token: splUsdc, sendTokenAmount: '0.000001' }, solanaDevnet, ['solana'])).toBeUndefined()
  })

  test("behavior: an invalid receiver shows 'Invalid address'; more than the balance shows first", () => {
    const form = { token: sol, sendTokenAmount: '1', receiverAddress: undefined, receiverError: invalidAddressProblem }
    expect(read(getSendProblem(form, solanaDevnet, ['solana']))).toEqual({ kind: 'invalidAddress', text: 'Invalid address' })
    expect(read(getSendProblem({ ...form, sendTokenAmount: '2.000000001' }, solanaDevnet, ['solana']))?.kind).toBe('insufficientBalance')
  })
})

describe('send form on Bitcoin', () => {
  const btc = {
    name: 'Bitcoin',
    symbol: 'BTC',
    chainId: bitcoinRegtest.caipNetworkId,
    value: 0,
    price: 0,
    quantity: { decimals: '8', numeric: '10' },
    iconUrl: '',
  }
  const receiver = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'

  test("rule: BTC below the dust limit (546 sat) is 'The amount must be at least 0.00000546 BTC', a problem to correct", () => {
    const form = { token: btc, sendTokenAmount: '0.000001', receiverAddress: receiver }
    const problem = getSendProblem(form, bitcoinRegtest, ['bip122'])
    expect(problem).toEqual({ key: 'sendForm.belowDust', kind: 'belowDust', params: { 0: '0.00000546', 1: 'BTC' } })
    expect(read(problem)?.text).toBe('The amount must be at least 0.00000546 BTC')
    expect(isSendInputError(problem)).toBe(true)
    expect(getSendProblem({ ...form, sendTokenAmount: '0.00000546' }, bitcoinRegtest, ['bip122'])).toBeUndefined()
    // Other families have no dust limit.
    expect(getSendProblem({ token: eth, sendTokenAmount: '0.000000000000000001', receiverAddress: to }, devnet, ['eip155'])).toBeUndefined()
  })
})

test('behavior: problems the user must correct show as errors (decided on the kind); missing input does not', () => {
  expect(isSendInputError({ key: 'sendForm.insufficientBalance', kind: 'insufficientBalance' })).toBe(true)
  expect(isSendInputError(invalidAddressProblem)).toBe(true)
  expect(isSendInputError({ key: 'sendForm.belowRentExemptMinimum', kind: 'belowRentExemptMinimum', params: { 0: '0.00089088', 1: 'SOL' } })).toBe(true)
  expect(isSendInputError({ key: 'error.amountAndReceiverRequired', kind: 'amountAndReceiverRequired' })).toBe(false)
  // A name that could not be resolved, in the name service's own words: not the user's to correct as typed.
  expect(isSendInputError({ key: 'error.external', kind: 'errorResolvingName', params: { text: 'Name service unavailable' } })).toBe(false)
  expect(isSendInputError(undefined)).toBe(false)
})
