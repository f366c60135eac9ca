import { expect, test } from 'vitest'
import { testPortico } from '../test/fakes.js'
import { showsAllWallets } from './walletSelectors.js'

const walletConnect = { load: async () => ({}) as never }

test('rule: Connect offers All Wallets with WalletConnect and the server, not for one family alone', () => {
  expect(showsAllWallets(testPortico({ walletConnect, apiUrl: 'http://127.0.0.1:1', projectId: 'p' }).portico)).toBe(true)
  expect(showsAllWallets(testPortico({ walletConnect, apiUrl: 'http://127.0.0.1:1', projectId: 'p' }).portico, 'solana')).toBe(false)
  expect(showsAllWallets(testPortico({ apiUrl: 'http://127.0.0.1:1', projectId: 'p' }).portico)).toBe(false)
  expect(showsAllWallets(testPortico({ walletConnect }).portico)).toBe(false)
  expect(showsAllWallets(testPortico({ walletConnect, apiUrl: 'http://127.0.0.1:1', projectId: 'p', enableWalletConnect: false }).portico)).toBe(false)
  expect(showsAllWallets(testPortico({ walletConnect, apiUrl: 'http://127.0.0.1:1', projectId: 'p', features: { allWallets: false } }).portico)).toBe(false)
})
