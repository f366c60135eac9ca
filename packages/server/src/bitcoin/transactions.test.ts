import { describe, expect, test } from 'vitest'
import { EsploraTx } from './esplora.js'
import { bitcoinAccountKey, bitcoinTxRows, COINBASE_SOURCE } from './transactions.js'

const A = 'bcrt1qa0000000000000000000000000000000000000'
const B = 'bcrt1qb0000000000000000000000000000000000000'
const status = { confirmed: true, block_height: 120, block_hash: 'ab'.repeat(32), block_time: 1_700_000_000 }
const out = (address: string, value: number) => ({ scriptpubkey: '0014', scriptpubkey_address: address, scriptpubkey_type: 'v0_p2wpkh', value })
const tx = (vin: unknown[], vout: unknown[], extra: object = {}) =>
  EsploraTx.parse({ txid: 'cd'.repeat(32), version: 2, locktime: 0, vin, vout, fee: 1_410, status, ...extra })

describe('bip122 history rows', () => {
  test("default: a payment lists the output to the payee, not the change; the fee is the transaction's", () => {
    const rows = bitcoinTxRows(tx([{ txid: 'ef'.repeat(32), vout: 0, prevout: out(A, 500_000_000), sequence: 0 }], [out(B, 10_000_000), out(A, 489_998_590)]))!
    expect(rows.from).toBe(A)
    expect(rows.to).toBe(B)
    expect(rows.fee).toBe(1_410n)
    expect(rows.transfers).toEqual([{ vout: 0, from: A, to: B, amount: 10_000_000n }])
    expect([...rows.involved].sort()).toEqual([A, B])
    expect(rows.height).toBe(120)
  })
  test('behavior: a coinbase pays from the mint source', () => {
    const rows = bitcoinTxRows(
      tx([{ txid: '00'.repeat(32), vout: 0xffffffff, prevout: null, sequence: 0, is_coinbase: true }], [out(A, 5_000_000_000)], { fee: 0 }),
    )!
    expect(rows.transfers).toEqual([{ vout: 0, from: COINBASE_SOURCE, to: A, amount: 5_000_000_000n }])
    expect([...rows.involved]).toEqual([A])
  })
  test('behavior: an unconfirmed transaction has no rows yet', () => {
    expect(bitcoinTxRows(tx([], [out(A, 1)], { status: { confirmed: false } }))).toBeUndefined()
  })
  test('behavior: bech32 addresses are stored in lower case, base58 as given', () => {
    expect(bitcoinAccountKey('BCRT1QA0')).toBe('bcrt1qa0')
    expect(bitcoinAccountKey('mjSSLdHFzft9NC5NNMik7WrMQ9rRhMhNpT')).toBe('mjSSLdHFzft9NC5NNMik7WrMQ9rRhMhNpT')
  })
})
