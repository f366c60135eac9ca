import type { App } from './http/app.js'
import type { ServerContext } from './context.js'
import * as analytics from './analytics/routes.js'
import * as auth from './auth/routes.js'
import * as balance from './chain/balanceRoutes.js'
import * as bitcoin from './bitcoin/routes.js'
import * as convert from './swap/routes.js'
import * as fonts from './fonts/routes.js'
import * as history from './indexer/historyRoutes.js'
import * as dev from './dev/analyticsRoutes.js'
import * as identity from './names/identityRoutes.js'
import * as nfts from './chain/nftRoutes.js'
import * as onramp from './onramp/routes.js'
import * as profile from './names/profileRoutes.js'
import * as projectConfig from './projects/routes.js'
import * as rpc from './chain/rpcRoutes.js'
import * as sessions from './sessions/routes.js'
import * as smartAccounts from './smartAccounts/routes.js'
import * as wallets from './registry/routes.js'

/**
 * The route modules, in the order they register. Each lives beside its domain and exports
 * `register(app, ctx)` for its part of SPEC §7's table.
 */
const modules = [
  wallets,
  projectConfig,
  analytics,
  balance,
  history,
  nfts,
  convert,
  profile,
  identity,
  sessions,
  onramp,
  rpc,
  bitcoin,
  smartAccounts,
  dev,
  auth,
  fonts,
]

export function registerRoutes(app: App, ctx: ServerContext) {
  for (const module of modules) module.register(app, ctx)
}
