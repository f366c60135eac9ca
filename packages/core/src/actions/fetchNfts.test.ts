import { afterEach, describe, expect, test } from 'vitest'
import { ADDRESS, testPortico } from '../test/fakes.js'
import { startHttpServer } from '../test/httpServer.js'
import { fetchNfts } from './fetchNfts.js'
import { setConnection } from './internal/setConnection.js'

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

async function nftsFrom(status: number, json: unknown) {
  const server = await startHttpServer({ [`GET /v1/account/${ADDRESS}/nfts`]: () => ({ status, json }) })
  close = server.close
  const { portico } = testPortico({ apiUrl: server.url, projectId: 'p1' })
  setConnection(portico, 'eip155', { connectorId: 'w', accounts: [{ address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:31337' })
  await fetchNfts(portico)
  return { state: portico.stores.nfts.getState(), request: server.requests[0]! }
}

const nft = (tokenId: string, chainId = 'eip155:31337') => ({
  contract: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  tokenId,
  name: `Devnet NFT #${tokenId}`,
  image: `http://f/nft/${tokenId}.svg`,
  chainId,
})

describe('NFTs of the account', () => {
  test('default: the ERC721s held on the active network', async () => {
    const { state, request } = await nftsFrom(200, { nfts: [nft('1'), nft('2'), nft('9', 'eip155:31338')] })
    expect(state).toMatchObject({ loading: false, error: undefined })
    expect(state.nfts.map((n) => n.tokenId)).toEqual(['1', '2'])
    expect(request.query.get('chainId')).toBe('eip155:31337')
  })
  test('behavior: a server without the NFT endpoint (404) shows the empty state, not an error', async () => {
    const { state } = await nftsFrom(404, { error: 'Not Found' })
    expect(state).toMatchObject({ nfts: [], loading: false, error: undefined })
  })
  test('error: a failing or malformed answer is an error state', async () => {
    expect((await nftsFrom(500, { error: 'boom' })).state.error).toEqual({ key: 'error.httpStatus', params: { 0: 500 } })
    expect((await nftsFrom(200, { nfts: [{ tokenId: 1 }] })).state.error).toBeDefined()
  })
})
