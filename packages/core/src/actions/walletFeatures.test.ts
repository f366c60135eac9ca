import { describe, expect, test } from 'vitest'
import { DefaultRemoteFeatures } from '../spec/defaults.js'
import { testPortico } from '../test/fakes.js'
import { getWalletFeatures } from './walletFeatures.js'

describe('SPEC §9 Wallet feature order', () => {
  test('rule: wallet features come in the order onramp, swaps, receive, send', () => {
    const { portico } = testPortico()
    expect(getWalletFeatures(portico)).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })
  test('rule: each wallet feature shows only when enabled', () => {
    const { portico } = testPortico({ features: { receive: false } })
    portico.stores.project.setState({ remoteFeatures: { ...DefaultRemoteFeatures, onramp: false, swaps: [] } })
    expect(getWalletFeatures(portico)).toEqual(['send'])
    const { portico: other } = testPortico({ features: { send: false } })
    other.stores.project.setState({ remoteFeatures: { ...DefaultRemoteFeatures, swaps: false } })
    expect(getWalletFeatures(other)).toEqual(['onramp', 'receive'])
  })
})
