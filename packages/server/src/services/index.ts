import type { ServerContext } from '../context.js'

/**
 * Background work of a server instance (the chain indexer, sweeps). Each service registers its
 * stop function with ctx.onClose.
 */
export async function startServices(_ctx: ServerContext): Promise<void> {}
