import type { RequestHandlers } from '../session.js'
import { factorHandlers } from './factors.js'
import { loginHandlers } from './login.js'
import { rpcHandlers } from './rpc.js'
import { sessionHandlers } from './session.js'
import { smartAccountHandlers } from './smartAccount.js'

/** One handler per request kind of the protocol; the type fails when a kind has none. */
export const handlers: RequestHandlers = {
  ...sessionHandlers,
  ...loginHandlers,
  ...factorHandlers,
  ...rpcHandlers,
  ...smartAccountHandlers,
}
