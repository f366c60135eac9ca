// Public API of @portico/core, grouped by domain: each file lists its names explicitly, so every change is
// visible in review (and in index.test.ts's snapshot). This order keeps the first load's module order: another
// one moved its bytes for gzip (+13 bytes, npm run size).
export * from './utils.js'
export * from './errors.js'
export * from './chains.js'
export * from './instance.js'
export * from './actions/modal.js'
export * from './actions/connection.js'
export * from './actions/account.js'
export * from './actions/calls.js'
export * from './actions/send.js'
export * from './actions/swap.js'
export * from './actions/siwx.js'
export * from './actions/names.js'
export * from './actions/onramp.js'
export * from './actions/embedded.js'
