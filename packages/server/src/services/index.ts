import { chainFamilies } from '../chain/families.js'
import type { ServerContext } from '../context.js'
import { startIndexer, type Indexer } from '../indexer/indexer.js'

/**
 * Background work of a server instance (the chain indexer, the families' followers, sweeps). Each service
 * registers its stop function with ctx.onClose.
 */
export async function startServices(ctx: ServerContext): Promise<{ indexer: Indexer; followedChains: string[] }> {
  // The chain indexer behind /v1/account/{address}/history (config.indexer; off with enabled: false).
  const indexer = startIndexer(ctx)
  ctx.onClose(() => indexer.stop())
  // The families followed on demand (Solana: the addresses the API is asked about, followed by their signatures).
  const followers = chainFamilies.flatMap((family) => (family.startFollower ? [family.startFollower(ctx)] : []))
  for (const follower of followers) ctx.onClose(() => follower.stop())
  const following = followers.filter((follower) => follower.chains.length > 0)
  if (following.length > 0) ctx.follow = (chainId, address) => following.find((f) => f.chains.includes(chainId))?.watch(chainId, address)
  return { indexer, followedChains: following.flatMap((follower) => follower.chains) }
}
