import { describe, expect, test } from 'vitest'
import { memoryStorage } from '../environment.js'
import { createStorage, StorageKeys } from '../storage.js'
import { clearLoginCache, loginDisplayName, readLoginCache, writeLoginCache } from './loginCache.js'

describe("SPEC §3 'Stored in the browser': the login cache", () => {
  test('default: login-used flag, email, last chain and social username live under the wallet prefix', () => {
    const backing = memoryStorage()
    const storage = createStorage(backing)
    writeLoginCache(storage, { loginUsed: true, email: 'ada@example.com', lastChain: 'eip155:31337', socialUsername: 'ada' })
    expect(readLoginCache(storage)).toMatchObject({ loginUsed: true, email: 'ada@example.com', lastChain: 'eip155:31337', socialUsername: 'ada' })
    for (const key of Object.values(StorageKeys.wallet)) expect(key.startsWith('@portico/wallet/')).toBe(true)
    clearLoginCache(storage)
    for (const key of Object.values(StorageKeys.wallet)) expect(backing.getItem(key)).toBeNull()
    expect(readLoginCache(storage).loginUsed).toBe(false)
  })
})

describe("SPEC §5 'Display and filtering'", () => {
  test('rule: an email longer than 30 characters is shortened to its first part plus an ellipsis', () => {
    expect(loginDisplayName({ email: 'ada@example.com' })).toBe('ada@example.com')
    expect(loginDisplayName({ email: 'exactly.thirty.chars@exam.com' })!.length).toBeLessThanOrEqual(30)
    expect(loginDisplayName({ email: 'a.very.long.name@a-very-long-domain.example' })).toBe('a.very.long.name…')
  })

  test('rule: a Discord username ending in 0 drops the last character', () => {
    expect(loginDisplayName({ socialUsername: 'ada0', connectedSocial: 'discord' })).toBe('ada')
    expect(loginDisplayName({ socialUsername: 'ada0', connectedSocial: 'github' })).toBe('ada0')
    expect(loginDisplayName({ socialUsername: 'ada', connectedSocial: 'discord' })).toBe('ada')
  })
})
