/**
 * Browser-safe description of the local Solana chain ('@portico/devnet/solana-constants').
 * No imports on purpose, like '../constants': dapps, test wallets and e2e code import this
 * without pulling in litesvm or node modules.
 *
 * Every key, address and the genesis hash below come from fixed seeds,
 * sha256('portico-devnet/solana/<label>'), so they are the same on every start
 * (solana/fixtures.test.ts re-derives them). Development only: the secret keys are public.
 */

export const SOLANA_DEVNET_HOST = '127.0.0.1'

/** The ports solana-test-validator uses: JSON-RPC over HTTP, and its WebSocket one port up. */
export const SOLANA_DEVNET_PORTS = { rpc: 8899, ws: 8900 } as const

export const SOLANA_DEVNET_RPC_URL = `http://${SOLANA_DEVNET_HOST}:${SOLANA_DEVNET_PORTS.rpc}`
export const SOLANA_DEVNET_WS_URL = `ws://${SOLANA_DEVNET_HOST}:${SOLANA_DEVNET_PORTS.ws}`

/**
 * What getGenesisHash answers. litesvm has no genesis block, so this is a fixed 32-byte value
 * (sha256('portico-devnet/solana/genesis'), base58): stable across restarts, so the CAIP-2 id
 * of the local network never changes.
 */
export const SOLANA_DEVNET_GENESIS_HASH = 'GaRkk3F7bUyNWq6vmY1tsRM129uvLw7ZR3HX6vtqoXKD'

/** CAIP-2 for Solana: 'solana:' + the first 32 characters of the genesis hash. */
export const SOLANA_DEVNET_CAIP2 = `solana:${SOLANA_DEVNET_GENESIS_HASH.slice(0, 32)}` as const

export const SOLANA_SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111'
export const SOLANA_TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const SOLANA_TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const SOLANA_ASSOCIATED_TOKEN_PROGRAM_ADDRESS = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

/** Each dev account starts with 1,000 SOL (in lamports). */
export const SOLANA_LAMPORTS_PER_ACCOUNT = 1_000n * 10n ** 9n

export interface SolanaDevnetMint {
  address: string
  programAddress: string
  decimals: number
  symbol: string
  /** Base units each dev account holds in its associated token account at start. */
  amountPerAccount: bigint
}

/** Mint authority of both: dev account 0 (so tests can mint more). No freeze authority. */
export const SOLANA_DEVNET_MINTS = {
  /** A USDC-like SPL Token mint, 6 decimals; 10,000 per dev account. */
  usdc: {
    address: 'EaqkPJToE3nzBN2yuoNPkfiu3WpaXSRC8f1ruMiCr2fK',
    programAddress: SOLANA_TOKEN_PROGRAM_ADDRESS,
    decimals: 6,
    symbol: 'USDC',
    amountPerAccount: 10_000n * 10n ** 6n,
  },
  /** A Token-2022 mint without extensions, 6 decimals; 5,000 per dev account. */
  token2022: {
    address: 'GMKUAFL8mMC3afs9dnQ7scd3t237j5QBxDvo1Eof7spo',
    programAddress: SOLANA_TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 6,
    symbol: 'PT22',
    amountPerAccount: 5_000n * 10n ** 6n,
  },
} as const satisfies Record<string, SolanaDevnetMint>

/**
 * Five funded dev accounts. `secretKey` is the 64-byte keypair (seed then public key) in base58,
 * the form Phantom and Solflare import; `seed` labels are 'account/0' … 'account/4'.
 */
export const SOLANA_DEV_ACCOUNTS: readonly { address: string; secretKey: string }[] = [
  {
    address: '5GNoTwEr4KgiTqPT4HW1BXDcbL55oQbr3NvzzLWJzgkH',
    secretKey: 'GTmVx7gV1h931oWbodbR6zhmSCBLRis5oFSPDqpQPEoz9BnTsiDBiRZKqhScVfACuxfKLsvfaxsPVJZJbsG8HEh',
  },
  {
    address: 'F1dJKkvYWV9HS7hf3QvShvLkmK4qzYJ9Fo5y5w6i1W48',
    secretKey: '66BZ3AuWnx3kQouM5CA91FYiz5ESy8MbAYyboYE8Ff5zyZonU5bMMZ1QbBFCN6XXp1gNkUCQTERxhFoy2Q768B68',
  },
  {
    address: 'BAT94SZhPU4q2PVPJR7NgeEMYP3Zv6oQwMpU658wdK44',
    secretKey: '5yPCfjpgUttbfmoXnLEtPfKtQRzgNPv5BwkhituGZZ3r1gRtR92YNzAhbkf3EAYQJxx9SnZQLysLFUMoLtoRcTLk',
  },
  {
    address: '3zNorsQE7ij1spVk7TSruG65XU7sSZi2exavhjXFXTEo',
    secretKey: '3fV5R4fc1t1TQBM1k57Xo7csWQDFQLJL8k9bHXEjZJKm4shMGZvbNEUdnJjQxyxn1xvYWeFyhxkEMZBgsXgk25ZH',
  },
  {
    address: 'AGD8iwp9PfmXXG2jq1JX1nQM8y6ai2jVGGDAUBhTZVLd',
    secretKey: '66pDqsW7E1kzLcSPqRTqymyG7s8q2CeXZY9GoEXq1wuB6ThxSjCH5CVtfYpcoaVH4DR2uhBrgAXyrmfxuGF8CURX',
  },
]

/** Pays requestAirdrop (seed label 'faucet'). */
export const SOLANA_DEVNET_FAUCET_ADDRESS = '7DPUENKnSzvnxcF5xJziQxY83fyw54VkinPhLmCXw8kG'
