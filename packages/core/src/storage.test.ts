import { describe, expect, test } from 'vitest'
import { memoryStorage } from './environment.js'
import { createStorage, StorageKeys, WALLET_PREFIX } from './storage.js'

describe('SPEC §3 Stored in the browser', () => {
  test('rule: the connector id is stored per namespace', () => {
    const backing = memoryStorage()
    const storage = createStorage(backing)
    storage.setConnectorId('eip155', 'io.metamask')
    storage.setConnectorId('solana', 'app.phantom')
    expect(backing.getItem(StorageKeys.connectorId('eip155'))).toBe('"io.metamask"')
    expect(storage.getConnectorId('solana')).toBe('app.phantom')
  })

  test('rule: recent wallets keep at most 2, newest first', () => {
    const storage = createStorage(memoryStorage())
    storage.addRecentWallet({ id: 'a', name: 'A' })
    storage.addRecentWallet({ id: 'b', name: 'B' })
    storage.addRecentWallet({ id: 'c', name: 'C' })
    storage.addRecentWallet({ id: 'B', name: 'B' })
    expect(storage.getRecentWallets().map((w) => w.id)).toEqual(['B', 'c'])
  })

  test('rule: login state lives under the wallet prefix', () => {
    for (const key of Object.values(StorageKeys.wallet)) expect(key.startsWith(`${WALLET_PREFIX}/`)).toBe(true)
  })

  test('every key of the spec has a name', () => {
    expect(Object.keys(StorageKeys)).toEqual(
      expect.arrayContaining([
        'deepLinkChoice',
        'activeNamespace',
        'activeCaipNetworkId',
        'connectorId',
        'recentWallets',
        'connectedSocial',
        'connections',
        'disconnectedConnectorIds',
        'preferredAccountTypes',
        'portfolioCache',
        'nativeBalanceCache',
        'nameCache',
        'identityCache',
        'transactionsCache',
        'tokenPriceCache',
        'wallet',
      ]),
    )
  })

  test('disconnected connector ids are matched ignoring case', () => {
    const storage = createStorage(memoryStorage())
    storage.addDisconnectedConnectorId('eip155', 'IO.MetaMask')
    expect(storage.isConnectorDisconnected('eip155', 'io.metamask')).toBe(true)
    storage.removeDisconnectedConnectorId('eip155', 'io.metamask')
    expect(storage.isConnectorDisconnected('eip155', 'io.metamask')).toBe(false)
  })

  test('broken stored JSON or a throwing storage never throws', () => {
    const storage = createStorage({
      getItem: () => '{not json',
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {},
    })
    expect(storage.getRecentWallets()).toEqual([])
    expect(() => storage.setConnectorId('eip155', 'x')).not.toThrow()
  })
})
