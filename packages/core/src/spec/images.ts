import type { ChainNamespace } from './caip.js'

/**
 * SPEC §9: default network image ids per chain namespace (a network without its own imageUrl
 * shows its family's image), and connector-id → wallet-image / explorer-id maps: the registry
 * (Portico server's /getWallets) id of a wallet that a connector stands for, so a browser wallet
 * and its registry entry are known to be the same wallet. Ids are those of Portico's registry.
 */
export const NetworkImageIds: Record<ChainNamespace, string> = {
  eip155: 'ethereum',
  solana: 'solana',
  bip122: 'bitcoin',
  polkadot: 'polkadot',
  cosmos: 'cosmos',
}

/** Connector ids that are not wallets of the registry, and the registry image they show. */
export const ConnectorImageIds: Record<string, string> = {
  walletConnect: 'com-walletconnect',
}

/** Announced connector ids (EIP-6963 rdns) → the registry's wallet id. */
export const ConnectorExplorerIds: Record<string, string> = {
  'io.metamask': 'metamask',
  'com.coinbase.wallet': 'coinbase',
  'com.trustwallet.app': 'trust',
  'me.rainbow': 'rainbow',
  'app.phantom': 'phantom',
  'io.rabby': 'rabby',
  walletConnect: 'com-walletconnect',
}

/** The image and explorer ids of a connector (SPEC §3 Connector imageId, explorerId), when the maps know it. */
export function connectorIds(connectorId: string): { imageId?: string; explorerId?: string } {
  const explorerId = ConnectorExplorerIds[connectorId]
  const imageId = ConnectorImageIds[connectorId] ?? explorerId
  return { ...(imageId ? { imageId } : {}), ...(explorerId ? { explorerId } : {}) }
}
