export * from './keys.js'
