import type { ChainFamilyRecord, ExplorerNetwork } from './types.js'

/**
 * Explorer links that put `<path>/<value>` after the explorer's own path, keeping its query
 * (Solscan names the cluster there: `https://solscan.io/?cluster=devnet`).
 */
export function explorerLinks(addressPath: string, transactionPath: string): ChainFamilyRecord['explorer'] {
  const link = (network: ExplorerNetwork, path: string, value: string) => {
    const base = network.blockExplorers?.default.url
    if (!base) return undefined
    const url = new URL(base)
    url.pathname = `${url.pathname.replace(/\/$/, '')}/${path}/${encodeURIComponent(value)}`
    return url.toString()
  }
  return {
    address: (network, address) => link(network, addressPath, address),
    transaction: (network, hash) => link(network, transactionPath, hash),
  }
}
