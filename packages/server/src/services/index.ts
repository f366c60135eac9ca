import type { ServerContext } from '../context.js'
import { startIndexer, type Indexer } from '../indexer/indexer.js'
import { startSolanaIndexer } from '../solana/indexer.js'

/**
 * Background work of a server instance (the chain indexer, sweeps). Each service registers its
 * stop function with ctx.onClose.
 */
export async function startServices(ctx: ServerContext): Promise<{ indexer: Indexer; solanaChains: string[] }> {
  // The chain indexer behind /v1/account/{address}/history (config.indexer; off with enabled: false).
  const indexer = startIndexer(ctx)
  ctx.onClose(() => indexer.stop())
  // Solana history: the addresses the API is asked about, followed by their signatures.
  const solana = startSolanaIndexer(ctx)
  if (solana.chains.length > 0) ctx.watchSolana = solana.watch
  ctx.onClose(() => solana.stop())
  return { indexer, solanaChains: solana.chains }
}
