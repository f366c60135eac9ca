import type { App } from '../app.js'
import type { ServerContext } from '../context.js'

export function register(_app: App, _ctx: ServerContext) {}
