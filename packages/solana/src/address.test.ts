import { SOLANA_DEVNET_MINTS } from '@portico/devnet/solana-constants'
import { expect, test } from 'vitest'
import { isSolanaAddress } from './address.js'

test('a Solana address is base58 that decodes to 32 bytes', () => {
  expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true) // the System program: 32 zero bytes
  expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true)
  expect(isSolanaAddress(SOLANA_DEVNET_MINTS.usdc.address)).toBe(true)
  expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true)
  expect(isSolanaAddress('1111111111111111111111111111111')).toBe(false) // 31 bytes
  expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0')).toBe(false) // '0' is not base58
  expect(isSolanaAddress('0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBe(false)
  expect(isSolanaAddress('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')).toBe(false) // 44 chars, more than 32 bytes
  expect(isSolanaAddress('')).toBe(false)
})
