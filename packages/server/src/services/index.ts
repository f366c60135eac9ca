import type { ServerContext } from '../context.js'
import { startIndexer } from '../indexer/indexer.js'

/**
 * Background work of a server instance (the chain indexer, sweeps). Each service registers its
 * stop function with ctx.onClose.
 */
export async function startServices(ctx: ServerContext): Promise<void> {
  // The chain indexer behind /v1/account/{address}/history (config.indexer; off with enabled: false).
  const indexer = startIndexer(ctx)
  ctx.onClose(() => indexer.stop())
}
