export * from './messages.js'
export * from './inputs.js'
export * from './rpcMethods.js'
export * from './constants.js'
