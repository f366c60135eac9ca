import type { Portico } from '../portico.js'

/** What the wallet list is filtered by (SPEC §5): excluded ids, the platform, the wallets in the page. */
export function listContext(portico: Portico) {
  return {
    excludeWalletIds: portico.options.excludeWalletIds,
    isMobile: portico.environment.isMobile(),
    installedRdns: portico.stores.connections.getState().connectors.flatMap((c) => (c.info?.rdns ? [c.info.rdns] : [])),
  }
}

/** The registry query every wallet-list read carries: included and excluded ids, the configured chains. */
export function registryQuery(portico: Portico) {
  return {
    include: portico.options.includeWalletIds?.join(',') || undefined,
    exclude: portico.options.excludeWalletIds?.join(',') || undefined,
    chains: [...new Set(portico.options.networks.map((n) => n.caipNetworkId))].join(','),
  }
}
