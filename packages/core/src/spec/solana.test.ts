import { expect, test } from 'vitest'
import { isSolanaCommitment, SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS, SolanaCommitments } from './solana.js'

test('rule: SPEC §5 Solana commitment is one of processed, confirmed, finalized, recent, single, singleGossip, root, max', () => {
  expect(SolanaCommitments).toEqual(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])
  expect(isSolanaCommitment('confirmed')).toBe(true)
  expect(isSolanaCommitment('Confirmed')).toBe(false)
  expect(isSolanaCommitment('safe')).toBe(false)
})

test('the rent-exempt minimum of an account without data is (128 + 0) bytes × 3,480 lamports × 2 years', () => {
  expect(SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS).toBe(BigInt((128 + 0) * 3480 * 2))
})
