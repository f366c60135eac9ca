import { BitcoinChains } from './networks.js'

/**
 * The local Bitcoin regtest chain of '@portico/devnet/bitcoin' (Bitcoin Core's regtest genesis: its CAIP-2 id never
 * changes), its Esplora API and its faucet key; bitcoin/devnet.test.ts checks these against the devnet's constants.
 */
export const BITCOIN_DEVNET = {
  caip2: BitcoinChains.regtest,
  esploraUrl: 'http://127.0.0.1:18443',
  /** The devnet's faucet (a PUBLIC devnet key, never for real funds): it mines the blocks and pays sandbox purchases. */
  faucetKey: '1d918712c5813587444a790cf569a15915bb35ba6ee8034833beaacc2553220c',
} as const
