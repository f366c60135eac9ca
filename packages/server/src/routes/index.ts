import type { App } from '../http/app.js'
import type { ServerContext } from '../context.js'
import * as analytics from './analytics.js'
import * as auth from './auth.js'
import * as balance from './balance.js'
import * as convert from './convert.js'
import * as history from './history.js'
import * as dev from './dev.js'
import * as identity from './identity.js'
import * as nfts from './nfts.js'
import * as onramp from './onramp.js'
import * as profile from './profile.js'
import * as projectConfig from './projectConfig.js'
import * as rpc from './rpc.js'
import * as sessions from './sessions.js'
import * as wallets from './wallets.js'

/**
 * Each module of SPEC §7's table registers its routes here. A module is one file under
 * routes/ exporting `register(app, ctx)`.
 */
const modules = [wallets, projectConfig, analytics, balance, history, nfts, convert, profile, identity, sessions, onramp, rpc, dev, auth]

export function registerRoutes(app: App, ctx: ServerContext) {
  for (const module of modules) module.register(app, ctx)
}
