import {
  WalletStandardError,
  WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED,
  WALLET_STANDARD_ERROR__FEATURES__WALLET_FEATURE_UNIMPLEMENTED,
} from '@wallet-standard/errors'
import { expect, test } from 'vitest'
import { toPorticoError } from './errors.js'

test('EIP-1193 codes that Solana wallets throw map to typed errors, never by message text', () => {
  expect(toPorticoError({ code: 4001, message: 'whatever' }).name).toBe('UserRejectedRequestError')
  expect(toPorticoError({ code: 4100 }).name).toBe('UnauthorizedProviderError')
  expect(toPorticoError({ code: 4200 }).name).toBe('UnsupportedMethodError')
  expect(toPorticoError(new Error('wrapped', { cause: { code: 4001 } })).name).toBe('UserRejectedRequestError')
  expect(toPorticoError({ message: 'User rejected the request' }).name).toBe('ProviderRequestError')
  expect(toPorticoError({ code: -32603 })).toMatchObject({ name: 'ProviderRequestError', code: -32603 })
})

test('WalletStandardError codes map too', () => {
  expect(toPorticoError(new WalletStandardError(WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED)).name).toBe('UserRejectedRequestError')
  const unimplemented = new WalletStandardError(WALLET_STANDARD_ERROR__FEATURES__WALLET_FEATURE_UNIMPLEMENTED, {
    featureName: 'solana:signMessage',
    supportedChains: [],
    supportedFeatures: [],
    walletName: 'W',
  })
  expect(toPorticoError(unimplemented).name).toBe('UnsupportedMethodError')
})
