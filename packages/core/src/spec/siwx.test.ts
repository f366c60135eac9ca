import { expect, test } from 'vitest'
import { formatSiwxMessage } from './siwx.js'

const data = {
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:31337' as const,
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173',
  version: '1',
  nonce: 'a1b2c3d4e5f6a7b8',
  statement: 'Please sign with your account',
  issuedAt: '2026-11-22T06:00:00.000Z',
  expirationTime: '2026-11-23T06:00:00.000Z',
  resources: ['https://example.com/terms'],
}

test('eip155 messages are EIP-4361 text with the numeric chain id', () => {
  expect(formatSiwxMessage(data)).toBe(
    [
      '127.0.0.1:5173 wants you to sign in with your Ethereum account:',
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '',
      'Please sign with your account',
      '',
      'URI: http://127.0.0.1:5173',
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: a1b2c3d4e5f6a7b8',
      'Issued At: 2026-11-22T06:00:00.000Z',
      'Expiration Time: 2026-11-23T06:00:00.000Z',
      'Resources:',
      '- https://example.com/terms',
    ].join('\n'),
  )
})

test('other chain families get CAIP-122 text with the CAIP-2 chain id', () => {
  const text = formatSiwxMessage({
    ...data,
    accountAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    statement: undefined,
    resources: undefined,
    expirationTime: undefined,
  })
  expect(text.split('\n')[0]).toBe('127.0.0.1:5173 wants you to sign in with your Solana account:')
  expect(text).toContain('Chain ID: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  expect(text).not.toContain('Resources:')
})
