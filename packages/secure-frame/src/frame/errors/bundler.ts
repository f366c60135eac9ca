import { RpcError } from './rpc.js'

/**
 * A UserOperation the bundler did not take, typed where smart.sendTransaction's error arrives
 * (getBundlerError): the bundler out of reach, or its refusal with its own words.
 */
export class BundlerUnavailableError extends RpcError {
  override name = 'BundlerUnavailableError'
  constructor(parameters: { cause?: unknown } = {}) {
    super('The bundler did not take the transaction: nothing was sent. Try again in a moment.', { cause: parameters.cause })
  }
}

export class UserOperationFailedError extends RpcError {
  override name = 'UserOperationFailedError'
  constructor(parameters: { details: string; cause?: unknown }) {
    super(`The UserOperation failed: ${parameters.details.slice(0, 200)}`, { details: parameters.details, cause: parameters.cause })
  }
}

/** Texts of an unreachable bundler (the fetch's, or the server's bundler route when its upstream is down). */
const unreachable = /fetch failed|unavailable|ECONNREFUSED|HTTP 5\d\d|Failed to fetch/i

export function getBundlerError(error: unknown): BundlerUnavailableError | UserOperationFailedError {
  const details = (error as { details?: string; shortMessage?: string })?.details ?? (error as Error)?.message ?? ''
  if (unreachable.test(details)) return new BundlerUnavailableError({ cause: error })
  return new UserOperationFailedError({ details, cause: error })
}
