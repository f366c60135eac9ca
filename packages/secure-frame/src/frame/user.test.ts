// @vitest-environment node
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { evmPrivateKey } from '../families/eip155.js'
import { deriveKeys, newEntropy } from '../keys.js'
import { keyFamilies } from './rpc/index.js'
import type { FrameSession } from './session.js'
import { frameUser } from './user.js'

const keys = deriveKeys(newEntropy(), keyFamilies)
const userOn = (chainId: number | string) =>
  frameUser({
    chainId,
    wallet: { keys: { keys, account: privateKeyToAccount(evmPrivateKey(keys)) }, user: { email: 'ada@example.com', preferredAccountType: 'eoa' } },
  } as unknown as FrameSession)

test("behavior: the user's address is the family's of the session's chain, by its CAIP-2 namespace", () => {
  expect(userOn(31337).address).toBe(keys.addresses.eip155)
  expect(userOn('eip155:1').address).toBe(keys.addresses.eip155)
  expect(userOn('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1').address).toBe(keys.addresses.solana)
  // bip122: the payment address of the session's network (its prefix and coin type).
  expect(userOn('bip122:000000000019d6689c085ae165831e93').address).toBe(keys.addresses.bip122)
  expect(userOn('bip122:0f9188f13cb7b2c71f2a335e3a4fc328').address).toMatch(/^bcrt1q/)
  // A family the keys have no address for yet: the eip155 account, as before.
  expect(userOn('cosmos:cosmoshub-4').address).toBe(keys.addresses.eip155)
})
