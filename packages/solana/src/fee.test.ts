import { address } from '@solana/kit'
import { expect, test } from 'vitest'
import { tokenAccountSize } from './fee.js'
import { toRpcCommitment } from './commitment.js'

const TOKEN = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const TOKEN_2022 = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')

test('the size of a new associated token account, whose rent the sender pays', () => {
  expect(tokenAccountSize(TOKEN)).toBe(165)
  expect(tokenAccountSize(TOKEN_2022)).toBe(170) // account type + ImmutableOwner
  expect(tokenAccountSize(TOKEN_2022, [{ extension: 'transferFeeConfig' }, { extension: 'metadataPointer' }])).toBe(182)
  expect(tokenAccountSize(TOKEN_2022, [{ extension: 'nonTransferable' }, { extension: 'transferHook' }])).toBe(179)
})

test("SPEC §5's commitments become the RPC's three levels", () => {
  expect(toRpcCommitment()).toBe('confirmed')
  expect(['processed', 'recent'].map(toRpcCommitment)).toEqual(['processed', 'processed'])
  expect(['confirmed', 'single', 'singleGossip'].map(toRpcCommitment)).toEqual(['confirmed', 'confirmed', 'confirmed'])
  expect(['finalized', 'root', 'max'].map(toRpcCommitment)).toEqual(['finalized', 'finalized', 'finalized'])
  expect(() => toRpcCommitment('fast')).toThrow(/not a Solana commitment/)
})
