import { PorticoError } from './base.js'
import type { CatalogueMessage } from '../i18n/message.js'
import { ProviderErrorCode } from '../spec/catalogue.js'
import { ErrorText } from '../spec/catalogue.js'

/**
 * EIP-1193's ProviderRpcError: what the public provider throws, always with a numeric `code`, so
 * a host (viem, wagmi, ethers) can tell a rejection from a failure without reading messages.
 */
export class ProviderRpcError extends PorticoError {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data?: unknown

  /** `message`: a catalogued message (a Portico error's), or the text of a wallet's own error as it came. */
  constructor(code: number, message: CatalogueMessage | string, options: { cause?: unknown; data?: unknown } = {}) {
    const text = typeof message === 'string' ? message : message.text
    super(message, { cause: options.cause, details: text, category: 'WALLET_ERROR' })
    // EIP-1193 hosts show `message`: keep it the short text, without the details block.
    this.message = text
    this.code = code
    this.data = options.data
  }
}

/**
 * Any failure as a ProviderRpcError: a wallet's own EIP-1193 error keeps its code and data; a
 * Portico error takes its class's code (UserRejectedRequestError → 4001, …); anything else —
 * a bare string, an error without a code — becomes -32603 with its text.
 */
export function toProviderRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const code = codeOf(error)
  const message = messageOf(error)
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data?: unknown }).data : undefined
  return new ProviderRpcError(code ?? ProviderErrorCode.internal, message, { cause: error, data })
}

function codeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const own = (error as { code?: unknown }).code
  if (typeof own === 'number' && Number.isInteger(own)) return own
  // Typed Portico errors carry their EIP-1193 code on the class (UserRejectedRequestError.code).
  const statics = (error as { constructor?: { code?: unknown } }).constructor?.code
  if (typeof statics === 'number') return statics
  if (error instanceof PorticoError) {
    const inner = error.walk((e) => typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'number')
    if (inner && inner !== error) return codeOf(inner)
  }
  return undefined
}

function messageOf(error: unknown): CatalogueMessage | string {
  if (error instanceof PorticoError) return { key: error.key, params: error.params, text: error.shortMessage }
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string' && error) return error
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message
  return ErrorText.unknownError
}
