import type { ChainFamily } from './chain/family.js'
import { HttpError } from './http/errors.js'

/**
 * The server's refusals, in one place: a route throws one and the app's error handler answers it once, as
 * `{ error: message }` with its status (a 429 gets its Retry-After there too). Results stay `c.json(body, 200)`.
 */
export const Refusal = {
  rateLimited: () => new HttpError(429, 'Rate limited'),
  unsupportedChain: (chainId: string) => new HttpError(400, `Unsupported chain: no RPC is configured for ${chainId}`),
  invalidAddress: (chainId: string, family: Pick<ChainFamily, 'words'>) =>
    new HttpError(400, `Invalid address: ${chainId} needs ${family.words.addressRule} address`),
  notFound: (message = 'Not Found') => new HttpError(404, message),
  forbidden: (message: string) => new HttpError(403, message),
  badRequest: (message: string) => new HttpError(400, message),
  upstreamFailed: (message: string) => new HttpError(502, message),
} as const
