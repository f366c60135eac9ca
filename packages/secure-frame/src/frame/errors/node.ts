import { RpcError } from './rpc.js'

/**
 * A node's refusal, matched once where it arrives (jsonRpc, getNodeError below; viem's
 * src/errors/node.ts idea): each class owns its pattern (`nodeMessage`), and after this only the
 * class and its fields travel. The host still gets the node's own code and text, as before.
 */
export type NodeErrorParameters = { message: string; code: number; data?: unknown }

export class NodeError extends RpcError {
  static nodeMessage: RegExp | undefined
  readonly data?: unknown
  constructor({ message, code, data }: NodeErrorParameters, name = 'NodeError') {
    super(message, { code })
    this.name = name
    this.data = data
  }
}

export class ExecutionRevertedError extends NodeError {
  static override nodeMessage = /execution reverted|gas required exceeds allowance/i
  constructor(parameters: NodeErrorParameters) {
    super(parameters, 'ExecutionRevertedError')
  }
}
export class InsufficientFundsError extends NodeError {
  static override nodeMessage = /insufficient funds|exceeds transaction sender account balance/i
  constructor(parameters: NodeErrorParameters) {
    super(parameters, 'InsufficientFundsError')
  }
}
export class NonceTooLowError extends NodeError {
  static override nodeMessage = /nonce too low|transaction already imported|already known/i
  constructor(parameters: NodeErrorParameters) {
    super(parameters, 'NonceTooLowError')
  }
}
export class NonceTooHighError extends NodeError {
  static override nodeMessage = /nonce too high/i
  constructor(parameters: NodeErrorParameters) {
    super(parameters, 'NonceTooHighError')
  }
}
export class FeeCapTooLowError extends NodeError {
  static override nodeMessage = /max fee per gas less than block base fee|fee cap less than block base fee|transaction is outdated|underpriced/i
  constructor(parameters: NodeErrorParameters) {
    super(parameters, 'FeeCapTooLowError')
  }
}
export class UnknownNodeError extends NodeError {
  constructor(parameters: NodeErrorParameters) {
    super(parameters, 'UnknownNodeError')
  }
}

const classes = [ExecutionRevertedError, InsufficientFundsError, NonceTooLowError, NonceTooHighError, FeeCapTooLowError]

/** The typed error of a node's JSON-RPC error object. */
export function getNodeError(error: { message?: unknown; code?: unknown; data?: unknown }): NodeError {
  const parameters = {
    message: typeof error.message === 'string' ? error.message : 'The node refused the request',
    code: typeof error.code === 'number' ? error.code : -32603,
    data: error.data,
  }
  const match = classes.find((type) => type.nodeMessage.test(parameters.message))
  return match ? new match(parameters) : new UnknownNodeError(parameters)
}
