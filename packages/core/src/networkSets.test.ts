import { describe, expect, test } from 'vitest'
import { getMergedConnectors } from './actions/getMergedConnectors.js'
import { testPortico } from './test/fakes.js'
import { connectorIds, NetworkImageIds } from './spec/images.js'
import { ListedNetworks } from './networkSets.js'
import { ChainNamespaces } from './spec/caip.js'

describe("SPEC §9 'Account and chain defaults'", () => {
  test('rule: listed network sets cover many EVM chains, three Solana networks and three Bitcoin networks', () => {
    expect(ListedNetworks.eip155.length).toBeGreaterThanOrEqual(10)
    expect(ListedNetworks.solana).toHaveLength(3)
    expect(ListedNetworks.bip122).toHaveLength(3)
    for (const [namespace, networks] of Object.entries(ListedNetworks))
      for (const n of networks) {
        expect(n.chainNamespace).toBe(namespace)
        expect(n.caipNetworkId).toBe(`${namespace}:${n.id}`)
      }
    // SPEC §9 swaps' supported chains are all listed.
    const ids = ListedNetworks.eip155.map((n) => n.id)
    for (const id of [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]) expect(ids).toContain(id)
  })

  test('rule: default network image ids exist per chain namespace', () => {
    for (const namespace of ChainNamespaces) expect(NetworkImageIds[namespace]).toMatch(/^[a-z0-9-]+$/)
  })

  test('rule: connector-id to wallet-image and explorer-id maps fill a connector’s imageId and explorerId', () => {
    expect(connectorIds('io.metamask')).toEqual({ imageId: 'metamask', explorerId: 'metamask' })
    expect(connectorIds('walletConnect')).toEqual({ imageId: 'com-walletconnect', explorerId: 'com-walletconnect' })
    expect(connectorIds('com.unknown')).toEqual({})
    const { portico } = testPortico()
    portico.stores.connections.setState({ connectors: [{ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }] })
    expect(getMergedConnectors(portico)).toMatchObject([{ id: 'io.metamask', imageId: 'metamask', explorerId: 'metamask' }])
  })
})
