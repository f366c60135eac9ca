export * from './keys.js'
export * from './custody.js'
export * from './families/eip155.js'
export * from './families/solana.js'
