import { describe, expect, test } from 'vitest'
import { DefaultRemoteFeatures } from '../spec/defaults.js'
import { testPortico } from '../test/fakes.js'
import { getWalletFeatures } from './walletFeatures.js'
import { navigate } from './navigate.js'
import { openWalletFeature } from './openWalletFeature.js'
import { returnToAccount } from './returnToAccount.js'

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
  test('swaps show only on a family the swap flow serves (EVM), not on Solana or Bitcoin', () => {
    const { portico } = testPortico()
    for (const [namespace, features] of [
      ['eip155', ['onramp', 'swaps', 'receive', 'send']],
      ['solana', ['onramp', 'receive', 'send']],
      ['bip122', ['onramp', 'receive', 'send']],
    ] as const) {
      portico.stores.network.setState({ activeNamespace: namespace })
      expect(getWalletFeatures(portico)).toEqual(features)
    }
  })
})

describe('openWalletFeature: the feature → view map', () => {
  test('default: Receive opens WalletReceive, Buy opens OnRampTokenSelect, Send opens WalletSend', () => {
    for (const [feature, view] of [
      ['receive', 'WalletReceive'],
      ['onramp', 'OnRampTokenSelect'],
      ['send', 'WalletSend'],
    ] as const) {
      const { portico } = testPortico()
      openWalletFeature(portico, { feature })
      expect(portico.stores.router.getState().view).toBe(view)
    }
  })
})

describe('navigate', () => {
  test('rule: SPEC §2 navigation — navigate pushes a view with its data; the same view again is ignored', () => {
    const { portico } = testPortico()
    navigate(portico, { view: 'Networks', data: { caipNetworkId: 'eip155:31337' } })
    navigate(portico, { view: 'Networks' })
    expect(portico.stores.router.getState()).toMatchObject({ view: 'Networks', history: ['Connect', 'Networks'], data: { caipNetworkId: 'eip155:31337' } })
  })
})

describe('returnToAccount', () => {
  test('rule: SPEC §2 navigation — reset clears the history: a finished flow ends on Account alone', () => {
    const { portico } = testPortico()
    navigate(portico, { view: 'OnRampTokenSelect' })
    navigate(portico, { view: 'OnRampProviders' })
    returnToAccount(portico)
    expect(portico.stores.router.getState()).toMatchObject({ view: 'Account', history: ['Account'] })
  })
})
