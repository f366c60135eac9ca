/**
 * The local Solana chain of '@portico/devnet/solana' (its genesis hash is fixed, so its CAIP-2 id
 * never changes) and its mints; chain/solanaDevnet.test.ts checks these against the devnet's constants.
 */
export const SOLANA_DEVNET = {
  caip2: 'solana:GaRkk3F7bUyNWq6vmY1tsRM129uvLw7Z',
  rpcUrl: 'http://127.0.0.1:8899',
  usdc: 'EaqkPJToE3nzBN2yuoNPkfiu3WpaXSRC8f1ruMiCr2fK',
  token2022: 'GMKUAFL8mMC3afs9dnQ7scd3t237j5QBxDvo1Eof7spo',
  /** Dev account 0 (a PUBLIC devnet key, never for real funds): the mint authority of both mints. */
  minterSecretKey: 'GTmVx7gV1h931oWbodbR6zhmSCBLRis5oFSPDqpQPEoz9BnTsiDBiRZKqhScVfACuxfKLsvfaxsPVJZJbsG8HEh',
} as const

/** The local chain's native currency and mints, as ServerConfig.chainAssets names them. */
export const SOLANA_DEVNET_ASSETS = {
  native: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  tokens: [
    { address: SOLANA_DEVNET.usdc, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
    { address: SOLANA_DEVNET.token2022, name: 'Portico Token-2022', symbol: 'PT22', decimals: 6 },
  ],
}
