import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { TransactionSchema } from '../api/schemas.js'
import { OTHER, tx } from '../test/activityFixtures.js'
import { ADDRESS } from '../test/fakes.js'
import { describeTransaction, filterTransactions, formatHistoryQuantity, groupTransactionsByDate, isSpamOnly } from './transactions.js'

describe('SPEC §5 Display and filtering: transactions', () => {
  test('rule: transactions whose transfers are all spam NFTs are dropped', () => {
    const mixed = { ...tx('m'), transfers: [...tx('a', { spam: true }).transfers, ...tx('b').transfers] }
    expect(isSpamOnly(tx('s', { spam: true }))).toBe(true)
    expect(isSpamOnly(mixed)).toBe(false)
    expect(isSpamOnly(tx('n', { nft: true }))).toBe(false)
    expect(filterTransactions([tx('s', { spam: true }), mixed, tx('n', { nft: true })], 'eip155:31337').map((t) => t.id)).toEqual(['m', 'n'])
  })

  test('rule: transactions are kept only for the active network', () => {
    const list = [tx('1'), tx('2', { chain: 'eip155:31338' }), tx('3')]
    expect(filterTransactions(list, 'eip155:31337').map((t) => t.id)).toEqual(['1', '3'])
    expect(filterTransactions(list, 'eip155:31338').map((t) => t.id)).toEqual(['2'])
  })

  test('rule: a token quantity in history shows 3 decimals', () => {
    expect(formatHistoryQuantity('1.23456')).toBe('1.234')
    expect(formatHistoryQuantity('2')).toBe('2.000')
    expect(formatHistoryQuantity('0.5')).toBe('0.500')
    expect(describeTransaction(tx('1', { numeric: '10.98765' }), ADDRESS).amount).toBe('10.987 USDC')
  })

  test('default: a row says Sent or Received, with the counterparty shortened', () => {
    expect(describeTransaction(tx('1'), ADDRESS)).toMatchObject({
      direction: 'out',
      label: 'Sent',
      counterparty: '0x7099…79C8',
      isNft: false,
      image: 'http://img/usdc.svg',
    })
    expect(describeTransaction(tx('2', { out: false }), ADDRESS)).toMatchObject({ direction: 'in', label: 'Received', counterparty: '0x7099…79C8' })
    expect(describeTransaction(tx('3', { nft: true, out: false }), ADDRESS)).toMatchObject({ amount: 'Devnet NFT #3', isNft: true, image: 'http://img/3.svg' })
    const noDirection = { ...tx('4'), transfers: [{ ...tx('4').transfers[0]!, direction: undefined }] }
    expect(describeTransaction(noDirection, OTHER).direction).toBe('in')
  })

  test("behavior: a swap ('trade') is 'Swapped' with what went out and what came in", () => {
    const swap = {
      ...tx('s'),
      metadata: { ...tx('s').metadata, operationType: 'trade' },
      transfers: [
        { fungible_info: { symbol: 'USDC' }, direction: 'in' as const, quantity: { numeric: '1488.123456' } },
        { fungible_info: { symbol: 'ETH' }, direction: 'out' as const, quantity: { numeric: '0.5' } },
      ],
    }
    expect(describeTransaction(swap, ADDRESS)).toMatchObject({ label: 'Swapped', direction: 'out', amount: '0.500 ETH', received: '1488.123 USDC' })
    expect(describeTransaction(tx('1'), ADDRESS).received).toBeUndefined()
  })

  test('behavior: the network fee shows, exact, where the server’s item carries one; not otherwise', () => {
    const withFee = { ...tx('f'), metadata: { ...tx('f').metadata, fee: { numeric: '0.00000141', symbol: 'BTC' } } }
    expect(describeTransaction(withFee, ADDRESS).fee).toBe('0.00000141 BTC')
    expect('fee' in describeTransaction(tx('1'), ADDRESS)).toBe(false)
    // A receive's fee was paid by its sender: not shown as the account's.
    const received = tx('r', { out: false })
    expect('fee' in describeTransaction({ ...received, metadata: { ...received.metadata, fee: { numeric: '0.00003096', symbol: 'BTC' } } }, ADDRESS)).toBe(
      false,
    )
    // The API client keeps the fee the server answers (it used to drop it).
    expect(v.parse(TransactionSchema, withFee).metadata.fee).toEqual({ numeric: '0.00000141', symbol: 'BTC' })
  })

  test('behavior: grouped by date as Today, Yesterday, then dates', () => {
    const now = new Date(2026, 2, 10, 15, 0).getTime()
    const at = (d: number, h: number) => new Date(2026, 2, d, h, 0).toISOString()
    const groups = groupTransactionsByDate(
      [tx('a', { minedAt: at(10, 14) }), tx('b', { minedAt: at(10, 1) }), tx('c', { minedAt: at(9, 23) }), tx('d', { minedAt: at(3, 9) })],
      now,
    )
    expect(groups.map((g) => [g.label, g.transactions.map((t) => t.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c']],
      ['Mar 3, 2026', ['d']],
    ])
  })
})
