// @vitest-environment node
import { runInNewContext } from 'node:vm'
import * as v from 'valibot'
import { expect, test } from 'vitest'
import { SignatureBytesSchema, StandardWalletSchema, WalletAccountSchema } from './schemas.js'

test('wallet replies: 64-byte signatures (also a Buffer or another realm’s Uint8Array), well-formed accounts', () => {
  expect(v.is(SignatureBytesSchema, new Uint8Array(64))).toBe(true)
  expect(v.is(SignatureBytesSchema, Buffer.alloc(64))).toBe(true)
  expect(v.is(SignatureBytesSchema, runInNewContext('new Uint8Array(64)'))).toBe(true)
  expect(v.is(SignatureBytesSchema, new Uint8Array(63))).toBe(false)
  expect(v.is(SignatureBytesSchema, Array(64).fill(0))).toBe(false)
  const account = { address: '11111111111111111111111111111111', publicKey: new Uint8Array(32), chains: ['solana:devnet'], features: [] }
  expect(v.is(WalletAccountSchema, account)).toBe(true)
  expect(v.is(WalletAccountSchema, { ...account, address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })).toBe(false)
  expect(v.is(WalletAccountSchema, { ...account, publicKey: new Uint8Array(31) })).toBe(false)
})

test('a wallet needs a name and a data: image icon', () => {
  const wallet = { version: '1.0.0', name: 'W', icon: 'data:image/svg+xml;base64,AA==', chains: [], features: {}, accounts: [] }
  expect(v.is(StandardWalletSchema, wallet)).toBe(true)
  expect(v.is(StandardWalletSchema, { ...wallet, icon: 'https://example.invalid/icon.png' })).toBe(false)
  expect(v.is(StandardWalletSchema, { ...wallet, name: '' })).toBe(false)
})
