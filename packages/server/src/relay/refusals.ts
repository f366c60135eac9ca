import { Alerts } from '@portico/core/spec'
import { HttpError } from '../http/errors.js'

/**
 * Every refusal the relay answers, in one place: the JSON-RPC errors of its frames, the details of a refused
 * request, the HTTP answers of a refused upgrade and the close codes it ends a socket with.
 */
export const RPC_ERRORS = {
  parse: { code: -32700, message: 'Parse error' },
  invalidRequest: { code: -32600, message: 'Invalid Request' },
  methodNotFound: { code: -32601, message: 'Method not found' },
  invalidParams: { code: -32602, message: 'Invalid params' },
  internal: { code: -32603, message: 'Internal error' },
  rateLimited: { code: -32005, message: 'Rate limit exceeded' },
  tooLarge: { code: -32004, message: 'Payload too large' },
  mailboxFull: { code: -32006, message: 'Mailbox full' },
  tooManyTopics: { code: -32007, message: 'Too many subscriptions' },
} as const

/** A refused request, answered to the client as its JSON-RPC error with the detail as `data`. */
export class RelayError extends Error {
  constructor(
    readonly rpc: { code: number; message: string },
    detail?: string,
  ) {
    super(detail ?? rpc.message)
  }
}

/** The relay's refused requests. */
export const RequestRefusal = {
  messageTooLarge: (maxBytes: number) => new RelayError(RPC_ERRORS.tooLarge, `message over ${maxBytes} bytes`),
  publishBytes: () => new RelayError(RPC_ERRORS.rateLimited, 'publish bytes per address'),
  mailboxFull: (maxMessages: number) => new RelayError(RPC_ERRORS.mailboxFull, `topic holds ${maxMessages} messages`),
  tooManyTopics: (maxTopics: number) => new RelayError(RPC_ERRORS.tooManyTopics, `at most ${maxTopics} topics per connection`),
  invalidParams: (detail: string | undefined) => new RelayError(RPC_ERRORS.invalidParams, detail),
} as const

/** The relay's refused WebSocket upgrades, answered as HTTP errors before any socket exists. */
export const UpgradeRefusal = {
  badUrl: () => new HttpError(400, 'Bad URL'),
  notFound: () => new HttpError(404, 'Not Found'),
  shuttingDown: () => new HttpError(400, 'Shutting down'),
  tooManyFromAddress: () => new HttpError(429, 'Too many connections from this address'),
  unauthorized: (reason: string) => new HttpError(401, `Unauthorized: ${reason}`),
  projectRequired: () => new HttpError(401, Alerts.APKT008.message),
  unknownProject: () => new HttpError(403, 'Unknown projectId'),
  tooManyForProject: () => new HttpError(429, 'Too many connections for this project'),
} as const

/**
 * How the relay ends a socket: 1008 for a client over its rate limit; 1012 'service restart' on shutdown, so that
 * clients reconnect, to another instance behind the balancer (never 3000, which the SDK treats as fatal).
 */
export const RelayClose = {
  rateLimit: { code: 1008, reason: 'rate limit' },
  restart: { code: 1012, reason: 'service restart' },
} as const
