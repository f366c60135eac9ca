import * as v from 'valibot'
import { HttpRequestError } from '../api/http.js'
import { NftsResponseSchema } from '../api/schemas.js'
import { errorKeyOf } from '../errors/display.js'
import type { Portico } from '../portico.js'
import { getAccount } from '../stores/account.js'

export type FetchNftsReturnType = void
export type FetchNftsErrorType = never

/**
 * The ERC721s the active account holds on the active network, from the Portico server. A
 * server without the NFT endpoint (404) means no NFTs to show, not an error.
 */
export async function fetchNfts(portico: Portico) {
  const { nfts: store, network } = portico.stores
  const { caipNetwork, activeNamespace } = network.getState()
  const { address } = getAccount(portico, activeNamespace)
  if (!portico.api || !address || !caipNetwork || caipNetwork.chainNamespace !== 'eip155') return

  const owner = `${caipNetwork.caipNetworkId}:${address.toLowerCase()}`
  store.setState({ owner, loading: true, error: undefined, ...(store.getState().owner === owner ? {} : { nfts: [] }) })
  try {
    const json = await portico.api.get({ path: `v1/account/${address}/nfts`, query: { chainId: caipNetwork.caipNetworkId } })
    const { nfts } = v.parse(NftsResponseSchema, json)
    if (store.getState().owner !== owner) return
    store.setState({ nfts: nfts.filter((n) => n.chainId === caipNetwork.caipNetworkId), loading: false })
  } catch (error) {
    if (store.getState().owner !== owner) return
    if (error instanceof HttpRequestError && error.status === 404) return store.setState({ nfts: [], loading: false })
    portico.logger.error('nft fetch failed', error)
    store.setState({ nfts: [], loading: false, error: errorKeyOf(error) })
  }
}
