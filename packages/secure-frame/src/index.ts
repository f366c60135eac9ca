export * from './keys.js'
export * from './custody.js'
