/** @portico/test-wallets: development wallets for Portico's demo and e2e tests. */
export * from './bitcoin/index'
export * from './injected/index'
export * from './solana/index'
