import type { App } from '../app.js'
import type { ServerContext } from '../context.js'

/**
 * Each module of SPEC §7's table registers its routes here. A module is one file under
 * routes/ exporting `register(app, ctx)`.
 */
type Register = (app: App, ctx: ServerContext) => void
const modules: Register[] = []

export function registerRoutes(app: App, ctx: ServerContext) {
  for (const register of modules) register(app, ctx)
}
