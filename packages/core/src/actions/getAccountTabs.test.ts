import { describe, expect, test } from 'vitest'
import { DefaultRemoteFeatures } from '../spec/defaults.js'
import { testPortico } from '../test/fakes.js'
import { getAccountTabs } from './getAccountTabs.js'

describe('SPEC §6 activity feature', () => {
  test('rule: Account shows the tabs Tokens, NFTs and Activity with activity on (SPEC §9 default)', () => {
    expect(getAccountTabs(testPortico().portico)).toEqual(['tokens', 'nfts', 'activity'])
  })
  test('rule: with activity off the Activity tab is not shown', () => {
    const { portico } = testPortico({ remoteFeatures: { activity: false } })
    expect(getAccountTabs(portico)).toEqual(['tokens', 'nfts'])
    // The project's remote config can turn it off too.
    const other = testPortico().portico
    other.stores.project.setState({ remoteFeatures: { ...DefaultRemoteFeatures, activity: false } })
    expect(getAccountTabs(other)).toEqual(['tokens', 'nfts'])
  })
  test('NFTs only on a family whose NFTs Portico reads: EVM, not Solana or Bitcoin', () => {
    const { portico } = testPortico()
    portico.stores.network.setState({ activeNamespace: 'solana' })
    expect(getAccountTabs(portico)).toEqual(['tokens', 'activity'])
    portico.stores.network.setState({ activeNamespace: 'bip122' })
    expect(getAccountTabs(portico)).toEqual(['tokens', 'activity'])
    portico.stores.network.setState({ activeNamespace: 'eip155' })
    expect(getAccountTabs(portico)).toEqual(['tokens', 'nfts', 'activity'])
  })
})
